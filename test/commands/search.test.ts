import { describe, expect, it } from 'vitest';
import { json, ok, sampleSandbox, tsvRows } from './support';

async function setup() {
  const box = await sampleSandbox();
  const spaces = (await json(box, ['spaces', 'list'])).items as { id: string; title: string }[];
  const api = spaces.find((s) => s.title === 'REST API')!;
  return { box, api };
}

describe('docsctl search', () => {
  it('prints numbered results with the matching snippet on a terminal, matches in bold', async () => {
    const { box, api } = await setup();
    const tty = ok(await box.run(['search', 'bearer', '--space', api.id], { tty: true }));
    const lines = tty.stdout.trim().split('\n');
    expect(lines).toEqual(['1. Authentication (authentication)', expect.stringMatching(/^ {3}Send Authorization: .*Bearer.* <token> with every request\.$/)]);
    expect(tty.stdout).toContain('\u001b[1mBearer\u001b[22m');
    const many = ok(await box.run(['search', 'a', '--space', api.id], { tty: true }));
    expect(many.stdout.split('\n').filter((l) => /^\d+\. /.test(l)).length).toBe(2);

    const plain = ok(await box.run(['search', 'bearer', '--space', api.id], { tty: true, env: { NO_COLOR: '1' } }));
    expect(plain.stdout).not.toContain('\u001b[');
    expect(plain.stdout).toContain('Send Authorization: Bearer <token>');
  });

  it('prints tab-separated rows when piped, and the API listing with --json', async () => {
    const { box, api } = await setup();
    const rows = tsvRows(ok(await box.run(['search', 'paginated', 'cursors', '--space', api.id])).stdout);
    expect(rows).toEqual([[api.id, expect.any(String), 'overview', 'Overview', expect.stringContaining('paginated with cursors')]]);
    const listing = await json(box, ['search', 'bearer', '--space', api.id]);
    expect(listing.count).toBe(1);
    expect(listing.items[0]).toMatchObject({ id: expect.any(String), sections: expect.any(Array) });
  });

  it('searches every readable space of the organization without --space', async () => {
    const { box, api } = await setup();
    const rows = tsvRows(ok(await box.run(['search', 'bearer'])).stdout);
    expect(rows.length).toBe(1);
    expect(rows.every((r) => r[0] === 'REST API')).toBe(true);
    const tty = ok(await box.run(['search', 'bearer'], { tty: true }));
    expect(tty.stdout).toContain('[REST API]');
    // On a narrow terminal the path gives way before the space's name.
    const narrow = ok(await box.run(['search', 'bearer'], { tty: true, columns: 40 }));
    expect(narrow.stdout.split('\n')[0]).toBe('1. Authentication (authent…)  [REST API]');
    const listing = await json(box, ['search', 'bearer']);
    expect(listing.items).toEqual([expect.objectContaining({ id: api.id, title: 'REST API', pages: expect.any(Array) })]);
  });

  it('says so when nothing matches, pages with --limit, and fails clearly on bad input', async () => {
    const { box, api } = await setup();
    const none = ok(await box.run(['search', 'zzzyyyxxx', '--space', api.id], { tty: true }));
    expect(none.stdout).toBe('');
    expect(none.stderr).toContain('No results for "zzzyyyxxx"');
    const limited = ok(await box.run(['search', 'a', '--space', api.id, '--limit', '1']));
    expect(limited.stderr).toMatch(/next page: --page \S+/);
    const long = await box.run(['search', 'x'.repeat(513), '--space', api.id]);
    expect(long.code).toBe(1);
    expect(long.stderr).toContain('query: must be at most 512 characters');
    expect((await box.run(['search', 'x', '--space', 'nope'])).code).toBe(5);
    expect((await box.run(['search'])).code).toBe(2);
  });
});
