// Routes of issue 5 (imports); filled in by its builder.
export {};
