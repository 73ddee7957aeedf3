import { describe, expect, it } from 'vitest';
import { MAX_YAML_ON_REQUEST, parsedDocument } from '../../src/engine/content/api-documents';
import { MAX_SPEC_TEXT } from '../../src/domain/openapi-limits';
import type { Core } from '../../src/engine/core';

// Documents are kept by engine: an object stands for one here.
const core = {} as Core;

// Issue 58: what pages and link checks read of an API document, without holding up the thread that serves.
describe('API documents read while serving (engine/content/api-documents.ts)', () => {
  it('parses JSON and small YAML, says why it reads no larger YAML, no text past the bound, and no text it could not get', async () => {
    expect(await parsedDocument(core, 't:json', async () => '{"openapi":"3.0.3"}')).toEqual({ document: { openapi: '3.0.3' } });
    expect(await parsedDocument(core, 't:yaml', async () => 'openapi: 3.0.3\n')).toEqual({ document: { openapi: '3.0.3' } });
    expect(await parsedDocument(core, 't:big-yaml', async () => `openapi: 3.0.3\nx: "${'a'.repeat(MAX_YAML_ON_REQUEST)}"\n`)).toEqual({ unreadable: expect.stringMatching(/^it is YAML of more than 256 KiB/) });
    expect(await parsedDocument(core, 't:huge', async () => `{"x":"${'a'.repeat(MAX_SPEC_TEXT)}"}`)).toEqual({ unreadable: 'it is larger than 16 MiB' });
    expect(await parsedDocument(core, 't:broken', async () => { throw new Error('the store is away'); })).toEqual({ unreadable: 'the store is away' });
    // Read once: a second ask of the same key does not read again.
    let reads = 0;
    await parsedDocument(core, 't:once', async () => (reads++, '{}'));
    await parsedDocument(core, 't:once', async () => (reads++, '{}'));
    expect(reads).toBe(1);
  });
});
