// Routes of issue 7 (translations); filled in by its builder.
export {};
