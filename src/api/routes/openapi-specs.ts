// Routes of issue 7 (openapi-specs); filled in by its builder.
export {};
