// Routes of issue 6 (sites); filled in by its builder.
export {};
