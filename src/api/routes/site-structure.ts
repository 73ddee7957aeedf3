// Routes of issue 6 (site-structure); filled in by its builder.
export {};
