import { beforeAll, describe, expect, it, vi } from 'vitest';
import { openapiLimits } from '../../src/domain/openapi-limits';
import { specFixture } from '../helpers/openapi';

const validations = vi.hoisted(() => ({ texts: [] as string[] }));
vi.mock('../../src/openapi-document/isolated', async (original) => {
  const actual = await original<typeof import('../../src/openapi-document/isolated')>();
  return {
    ...actual,
    validateIsolated: (text: string, limits: Parameters<typeof actual.validateIsolated>[1]) => {
      validations.texts.push(text);
      return actual.validateIsolated(text, limits);
    },
  };
});

describe('readSpec', () => {
  // What it remembers lives in its module: imported afresh, as a worker process may have read the same
  // fixtures for an earlier file.
  let readSpec: typeof import('../../src/openapi-document/read-spec').readSpec;
  beforeAll(async () => {
    vi.resetModules();
    ({ readSpec } = await import('../../src/openapi-document/read-spec'));
  });

  it('validates a text once: read again (local publish, then the engine; an unchanged CI publish), it answers from memory', async () => {
    const text = specFixture('v1.yaml');
    const first = await readSpec(text);
    expect(first).toMatchObject({ format: 'yaml', filename: 'openapi.yaml', title: 'Petstore', version: '1.0.0' });
    expect(await readSpec(text)).toEqual(first);
    expect(validations.texts).toEqual([text]);
    // Another text (even one that only its white space tells apart), or other bounds, is validated.
    await readSpec(`${text}\n`);
    await readSpec(text, openapiLimits({ processTimeoutMs: 5000 }));
    expect(validations.texts).toEqual([text, `${text}\n`, text]);
  });

  it('validates an invalid text every time: only valid documents are remembered', async () => {
    validations.texts.length = 0;
    const text = specFixture('invalid.yaml');
    for (let i = 0; i < 2; i++) await expect(readSpec(text)).rejects.toThrow('missing required property "version"');
    expect(validations.texts).toEqual([text, text]);
  });
});
