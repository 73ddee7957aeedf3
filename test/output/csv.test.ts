import { describe, expect, it } from 'vitest';
import { csvField, csvHeader, csvRows } from '../../src/output/csv';
import type { Column } from '../../src/output/render';

describe('CSV (RFC 4180 quoting)', () => {
  it('quotes fields holding commas, quotes or line breaks, doubling the quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\r')).toBe('"cr\r"');
    expect(csvField('')).toBe('');
  });

  it('prints a header row and the same cells as the table', () => {
    const columns: Column<{ id: string; title: string; tags?: string[]; n: number | null }>[] = [
      { header: 'ID', value: (r) => r.id },
      { header: 'TITLE, FULL', value: (r) => r.title },
      { header: 'TAGS', value: (r) => r.tags },
      { header: 'N', value: (r) => r.n },
    ];
    expect(csvHeader(columns)).toBe('ID,"TITLE, FULL",TAGS,N\n');
    expect(csvRows([{ id: 'a', title: 'Ops, "Night"\nshift', tags: ['x', 'y'], n: 0 }, { id: 'b', title: 'B', n: null }], columns)).toBe(
      'a,"Ops, ""Night""\nshift","[""x"",""y""]",0\nb,B,,\n',
    );
  });
});
