// Routes of issue 5 (comments); filled in by its builder.
export {};
