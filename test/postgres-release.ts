// Run before each test file of the PostgreSQL project (vitest.config.ts): after each test, the stores its
// test engines opened are closed and their schemas go back to the pool for the next test
// (test/helpers/schema-pool.ts). A schema made in a `beforeAll` stays the file's until the file ends.
import { afterEach } from 'vitest';
import { releaseTestSchemas } from './helpers/schema-pool';

afterEach(releaseTestSchemas);
