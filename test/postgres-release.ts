// Run before each test file of the PostgreSQL project (vitest.config.ts): after each test, the schemas its
// test engines took go back to the pool for the next test, their stores kept open
// (test/helpers/schema-pool.ts). A schema taken in a `beforeAll` stays the file's until the file ends.
import { afterEach } from 'vitest';
import { releaseTestSchemas } from './helpers/schema-pool';

afterEach(releaseTestSchemas);
