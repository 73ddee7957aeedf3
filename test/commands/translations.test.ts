import { describe, expect, it } from 'vitest';
import { yesPrompter, noPrompter } from '../helpers/cli';
import { emptySandbox, fieldsOf, json, ok, tableOf, tsvRows } from './support';
import { READER, addMembers } from './spaces-support';

describe('translations', () => {
  it('create, list, get and update in every output mode', async () => {
    const s = await emptySandbox();
    const empty = ok(await s.run(['translations', 'list'], { tty: true }));
    expect(empty.stderr).toContain('No results.');

    const created = ok(await s.run(['translations', 'create', '--title', 'European', '--language', 'fr', 'pt-br'], { tty: true }));
    expect(created.stderr).toMatch(/Created translation settings \S+ \(fr, pt-BR\)\./);
    const fields = fieldsOf(created.stdout);
    expect(fields).toMatchObject({ TITLE: 'European', LANGUAGES: 'fr, pt-BR' });
    const id = fields.ID;
    const second = await json(s, ['translations', 'create', '--title', 'Asian', '--language', 'zh-hant', 'ja']);
    expect(second).toMatchObject({ object: 'translation-settings', title: 'Asian', languages: ['zh-Hant', 'ja'] });

    const table = tableOf(ok(await s.run(['translations', 'list'], { tty: true })).stdout);
    expect(table.header).toEqual(['ID', 'TITLE', 'LANGUAGES', 'UPDATED']);
    expect(table.rows.map((r) => r[1])).toEqual(['European', 'Asian']);
    expect(tsvRows(ok(await s.run(['translations', 'list'])).stdout).map((r) => r.slice(0, 3))).toEqual([[id, 'European', 'fr, pt-BR'], [second.id, 'Asian', 'zh-Hant, ja']]);
    expect((await json(s, ['translations', 'list', '--limit', '1'])).next).toBeDefined();

    expect(tsvRows(ok(await s.run(['translations', 'get', id])).stdout)[0].slice(0, 2)).toEqual([id, 'European']);
    expect((await json(s, ['translations', 'get', id])).languages).toEqual(['fr', 'pt-BR']);

    const renamed = await json(s, ['translations', 'update', id, '--title', 'Europe']);
    expect(renamed).toMatchObject({ title: 'Europe', languages: ['fr', 'pt-BR'] });
    const relanguaged = ok(await s.run(['translations', 'update', id, '--language', 'de'], { tty: true }));
    expect(fieldsOf(relanguaged.stdout)).toMatchObject({ TITLE: 'Europe', LANGUAGES: 'de' });
  });

  it('bad codes and titles are exit 1 naming the field; readers cannot create (exit 4); unknown ids exit 5', async () => {
    const s = await emptySandbox();
    const bad = await s.run(['translations', 'create', '--title', 'X', '--language', 'fr', 'not a code']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('languages[1]: "not a code" is not a BCP 47 language code');
    const long = await s.run(['translations', 'create', '--title', 'x'.repeat(101)]);
    expect(long.code).toBe(1);
    expect(long.stderr).toMatch(/title/);
    await addMembers(s, { [READER]: 'read' });
    expect((await s.run(['--as', READER, 'translations', 'create', '--title', 'X'])).code).toBe(4);
    expect((await s.run(['translations', 'get', 'nope'])).code).toBe(5);
    expect((await s.run(['translations', 'update', 'nope', '--title', 'x'])).code).toBe(5);
  });

  it('delete confirms on a terminal and needs --yes otherwise', async () => {
    const s = await emptySandbox();
    const { id } = await json(s, ['translations', 'create', '--title', 'Gone']);
    expect((await s.run(['translations', 'delete', id])).code).toBe(2);
    expect((await s.run(['translations', 'delete', id], { tty: true, prompter: noPrompter })).code).toBe(2);
    expect(ok(await s.run(['translations', 'delete', id], { tty: true, prompter: yesPrompter })).stderr).toContain(`Deleted translation settings ${id}.`);
    expect((await s.run(['translations', 'get', id])).code).toBe(5);
  });

  it('every verb has help with an example', async () => {
    const s = await emptySandbox();
    for (const verb of ['list', 'get', 'create', 'update', 'delete']) {
      const help = await s.run(['translations', verb, '--help']);
      expect(help.code).toBe(0);
      expect(help.stdout).toContain(`$ docsctl translations ${verb}`);
    }
  });
});
