import { describe, expect, it } from 'vitest';
import { resolveOutputMode } from '../../src/output/format';
import { UsageError } from '../../src/errors';

describe('output format', () => {
  it('defaults to a table on a terminal and TSV on a pipe', () => {
    expect(resolveOutputMode({}, true)).toEqual({ format: 'table' });
    expect(resolveOutputMode({}, false)).toEqual({ format: 'tsv' });
    expect(resolveOutputMode({ format: 'csv' }, true)).toEqual({ format: 'csv' });
    expect(resolveOutputMode({ format: 'table' }, false)).toEqual({ format: 'table' });
  });

  it('--json (bare or with fields), --jq and --format json all mean JSON', () => {
    expect(resolveOutputMode({ json: true }, true)).toEqual({ format: 'json' });
    expect(resolveOutputMode({ json: '' }, true)).toEqual({ format: 'json' });
    expect(resolveOutputMode({ json: 'id,user.email' }, false)).toEqual({ format: 'json', fields: ['id', 'user.email'] });
    expect(resolveOutputMode({ jq: '.id' }, false)).toEqual({ format: 'json', jq: '.id' });
    expect(resolveOutputMode({ format: 'json', json: 'id', jq: '.[]' }, false)).toEqual({ format: 'json', fields: ['id'], jq: '.[]' });
  });

  it('refuses contradictions and unknown formats', () => {
    expect(() => resolveOutputMode({ json: true, format: 'csv' }, false)).toThrow('--json prints JSON: it cannot be combined with --format csv');
    expect(() => resolveOutputMode({ jq: '.', format: 'tsv' }, false)).toThrow('--jq prints JSON: it cannot be combined with --format tsv');
    expect(() => resolveOutputMode({ jq: ' ' }, false)).toThrow(UsageError);
    expect(() => resolveOutputMode({ format: 'document' }, false)).toThrow('the body format of comments is --body-format');
  });
});
