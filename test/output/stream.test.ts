import { describe, expect, it } from 'vitest';
import { createOutput, type Page } from '../../src/output/output';
import type { OutputMode } from '../../src/output/format';
import type { Column } from '../../src/output/render';

interface Row {
  id: string;
  title: string;
  owner: { email: string };
}

const rows: Row[] = [1, 2, 3, 4, 5].map((n) => ({ id: `r${n}`, title: n === 2 ? 'a, "b"' : `T${n}`, owner: { email: `u${n}@x` } }));
const columns: Column<Row>[] = [
  { header: 'ID', value: (r) => r.id },
  { header: 'TITLE', value: (r) => r.title },
];

/** Pages of two rows; `log` records, in order, each page fetched and each write to stdout. */
function setup(mode: OutputMode, items = rows) {
  const log: string[] = [];
  let stdout = '';
  let stderr = '';
  const out = createOutput({
    stdout: { write: (s: string) => (log.push('write'), (stdout += s)) },
    stderr: { write: (s: string) => (stderr += s) },
    mode,
  });
  async function* pages(): AsyncGenerator<Page<Row>> {
    for (let i = 0; i < items.length || i === 0; i += 2) {
      log.push(`page ${i / 2 + 1}`);
      yield { items: items.slice(i, i + 2), count: items.length, ...(i + 2 < items.length ? { next: { page: `c${i}` } } : {}) };
    }
  }
  return { out, pages, log, text: () => ({ stdout, stderr }) };
}

describe('--all: every page, streamed', () => {
  it('TSV writes each page as soon as it is fetched', async () => {
    const s = setup({ format: 'tsv' });
    expect(await s.out.stream(s.pages(), columns)).toBe(5);
    expect(s.log).toEqual(['page 1', 'write', 'page 2', 'write', 'page 3', 'write']);
    expect(s.text().stdout).toBe('r1\tT1\nr2\ta, "b"\nr3\tT3\nr4\tT4\nr5\tT5\n');
    expect(s.text().stderr).toBe('');
  });

  it('CSV writes the header once, then each page as it comes', async () => {
    const s = setup({ format: 'csv' });
    await s.out.stream(s.pages(), columns);
    expect(s.log).toEqual(['write', 'page 1', 'write', 'page 2', 'write', 'page 3', 'write']);
    expect(s.text().stdout).toBe('ID,TITLE\nr1,T1\nr2,"a, ""b"""\nr3,T3\nr4,T4\nr5,T5\n');
  });

  it('JSON streams one document, the list envelope laid out as JSON.stringify would', async () => {
    const s = setup({ format: 'json' });
    await s.out.stream(s.pages(), columns);
    expect(s.log.indexOf('write')).toBeLessThan(s.log.indexOf('page 2'));
    expect(s.text().stdout).toBe(`${JSON.stringify({ items: rows, count: 5 }, null, 2)}\n`);
  });

  it('JSON with fields streams an array of the chosen fields', async () => {
    const s = setup({ format: 'json', fields: ['id', 'owner.email'] });
    await s.out.stream(s.pages(), columns);
    expect(s.text().stdout).toBe(`${JSON.stringify(rows.map((r) => ({ id: r.id, owner: { email: r.owner.email } })), null, 2)}\n`);
  });

  it('an empty list is still one valid document', async () => {
    const plain = setup({ format: 'json' }, []);
    await plain.out.stream(plain.pages(), columns);
    expect(plain.text().stdout).toBe(`${JSON.stringify({ items: [], count: 0 }, null, 2)}\n`);
    const picked = setup({ format: 'json', fields: ['id'] }, []);
    await picked.out.stream(picked.pages(), columns);
    expect(picked.text().stdout).toBe('[]\n');
  });

  it('an unknown field fails before anything is written', async () => {
    const s = setup({ format: 'json', fields: ['id', 'nope'] });
    await expect(s.out.stream(s.pages(), columns)).rejects.toThrow('--json: unknown field "nope"');
    expect(s.text().stdout).toBe('');
  });

  it('a table waits for every page (column widths), then prints one table', async () => {
    const s = setup({ format: 'table' });
    await s.out.stream(s.pages(), columns);
    expect(s.log).toEqual(['page 1', 'page 2', 'page 3', 'write']);
    expect(s.text().stdout.match(/^r\d /gm)).toHaveLength(5);
  });

  it('--jq filters the whole document once every page is in', async () => {
    const s = setup({ format: 'json', jq: '.items[] | select(.id != "r3") | .title' });
    await s.out.stream(s.pages(), columns);
    expect(s.text().stdout).toBe('T1\na, "b"\nT4\nT5\n');
  });
});

describe('single answers', () => {
  it('an object as CSV: header and one row', async () => {
    const s = setup({ format: 'csv' });
    await s.out.object(rows[1], columns);
    expect(s.text().stdout).toBe('ID,TITLE\nr2,"a, ""b"""\n');
  });

  it('raw JSON with fields picks from each item of a list envelope; --jq failures surface on flush', async () => {
    const picked = setup({ format: 'json', fields: ['title'] });
    await picked.out.raw({ items: rows.slice(0, 2), count: 2 });
    expect(JSON.parse(picked.text().stdout)).toEqual([{ title: 'T1' }, { title: 'a, "b"' }]);

    const bad = setup({ format: 'json', jq: '.items[' });
    void bad.out.raw({ items: [] });
    await expect(bad.out.flush()).rejects.toThrow(/^--jq: syntax error/);
  });
});
