// Routes of issue 5 (links); filled in by its builder.
export {};
