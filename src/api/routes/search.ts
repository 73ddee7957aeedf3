// Routes of issue 5 (search); filled in by its builder.
export {};
