import { describe, expect, it } from 'vitest';
import { emptySandbox, json, ok, tableOf, tsvRows } from './support';

describe('audit list', () => {
  it('lists the writes newest first, piped as TSV and with --json, filtered by action, target and actor (an e-mail)', async () => {
    const s = await emptySandbox();
    const space = (await json(s, ['spaces', 'create', '--title', 'Audited'])).id as string;
    ok(await s.run(['spaces', 'update', space, '--title', 'Audited twice']));
    const rows = tsvRows(ok(await s.run(['audit', 'list'])).stdout);
    expect(rows.map((row) => row[2])).toEqual(['updateSpaceById', 'createSpace']);
    expect(rows[0][3]).toBe(`space=${space}`);
    expect(rows[0][4]).toBe('title');
    const listed = await json(s, ['audit', 'list', '--action', 'createSpace']);
    expect(listed.items).toHaveLength(1);
    expect(listed.items[0]).toMatchObject({ action: 'createSpace', targets: { created: space }, status: 201 });
    expect((await json(s, ['audit', 'list', '--target', space])).count).toBe(2);
    expect((await json(s, ['audit', 'list', '--actor', 'admin@example.com'])).count).toBe(2);
    expect((await json(s, ['audit', 'list', '--since', '2999-01-01'])).count).toBe(0);
  });

  it('shows a table on a terminal, and refuses a bad time with the field and the rule', async () => {
    const s = await emptySandbox();
    ok(await s.run(['spaces', 'create', '--title', 'One']));
    const table = tableOf(ok(await s.run(['audit', 'list'], { tty: true })).stdout);
    expect(table.header).toEqual(['TIME', 'ACTOR', 'ACTION', 'TARGETS', 'SUMMARY', 'STATUS', 'REQUEST']);
    expect(table.rows[0][2]).toBe('createSpace');
    const bad = await s.run(['audit', 'list', '--since', 'last week']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('since: must be an ISO 8601 date or time');
  });
});
