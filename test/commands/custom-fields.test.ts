import { describe, expect, it } from 'vitest';
import { yesPrompter } from '../helpers/cli';
import { emptySandbox, fieldsOf, json, ok, recordingPrompter, tableOf, tsvRows, type Sandbox } from './support';
import { READER, addMembers, createSpace } from './spaces-support';

const HEADER = ['NAME', 'TYPE', 'TITLE', 'OPTIONS'];
const DETAIL = [...HEADER, 'DESCRIPTION', 'PLACEHOLDER', 'ID', 'CREATED', 'UPDATED'];

async function names(s: Sandbox): Promise<string[]> {
  return (await json(s, ['custom-fields', 'list'])).items.map((f: { name: string }) => f.name);
}

describe('custom-fields list', () => {
  it('lists definitions by name in every output mode; an empty list exits 0', async () => {
    const s = await emptySandbox();
    await addMembers(s, { [READER]: 'read' });
    const empty = ok(await s.run(['custom-fields', 'list'], { tty: true }));
    expect(empty.stdout).toBe('');
    expect(empty.stderr).toContain('No results.');

    ok(await s.run(['custom-fields', 'create', 'tier', '--type', 'select:single', '--option', 'gold', 'silver', '--title', 'Tier']));
    ok(await s.run(['custom-fields', 'create', 'owner', '--type', 'text']));

    expect(tsvRows(ok(await s.run(['custom-fields', 'list'])).stdout)).toEqual([
      ['owner', 'text', 'owner', ''],
      ['tier', 'select:single', 'Tier', 'gold, silver'],
    ]);
    const table = tableOf(ok(await s.run(['custom-fields', 'list'], { tty: true })).stdout);
    expect(table.header).toEqual(HEADER);
    expect(table.rows.map((r) => r[0])).toEqual(['owner', 'tier']);
    const list = await json(s, ['custom-fields', 'list']);
    expect(list.count).toBe(2);
    expect(list.items[1]).toMatchObject({ object: 'custom-field', name: 'tier', type: 'select:single', options: ['gold', 'silver'] });
    const page = await json(s, ['custom-fields', 'list', '--limit', '1']);
    expect(page.items.map((f: { name: string }) => f.name)).toEqual(['owner']);
    expect((await json(s, ['custom-fields', 'list', '--page', page.next.page])).items.map((f: { name: string }) => f.name)).toEqual(['tier']);

    // Members may read the definitions; they may not edit them.
    const asReader = await json(s, ['--as', READER, 'custom-fields', 'list']);
    expect(asReader.items.map((f: { permissions: { edit: boolean } }) => f.permissions.edit)).toEqual([false, false]);
  });
});

describe('custom-fields get', () => {
  it('shows one definition in every output mode; an unknown name exits 5', async () => {
    const s = await emptySandbox();
    const created = await json(s, ['custom-fields', 'create', 'owner', '--type', 'text', '--title', 'Owner', '--description', 'Who answers', '--placeholder', 'a team']);

    const fields = fieldsOf(ok(await s.run(['custom-fields', 'get', 'owner'], { tty: true })).stdout);
    expect(Object.keys(fields)).toEqual(DETAIL);
    expect(fields).toMatchObject({ NAME: 'owner', TYPE: 'text', TITLE: 'Owner', DESCRIPTION: 'Who answers', PLACEHOLDER: 'a team', ID: created.id });
    const [row] = tsvRows(ok(await s.run(['custom-fields', 'get', 'owner'])).stdout);
    expect(row.slice(0, 3)).toEqual(['owner', 'text', 'Owner']);
    expect(row).toHaveLength(DETAIL.length);
    expect(await json(s, ['custom-fields', 'get', 'owner'])).toEqual(created);

    const missing = await s.run(['custom-fields', 'get', 'nope']);
    expect(missing.code).toBe(5);
    expect(missing.stderr).toContain('custom field nope not found');
  });
});

describe('custom-fields create', () => {
  it('defines fields of every type, in every output mode', async () => {
    const s = await emptySandbox();
    const piped = ok(await s.run(['custom-fields', 'create', 'priority', '--type', 'number']));
    expect(tsvRows(piped.stdout)[0].slice(0, 3)).toEqual(['priority', 'number', 'priority']);
    expect(piped.stderr).toBe('Created custom field priority (number).\n');

    const tty = ok(await s.run(['custom-fields', 'create', 'regions', '--type', 'select:multi', '--option', 'eu', 'us', '--title', 'Regions'], { tty: true }));
    expect(fieldsOf(tty.stdout)).toMatchObject({ NAME: 'regions', TYPE: 'select:multi', TITLE: 'Regions', OPTIONS: 'eu, us' });

    for (const type of ['text', 'boolean', 'tags']) {
      expect(await json(s, ['custom-fields', 'create', `f-${type}`, '--type', type])).toMatchObject({ name: `f-${type}`, type, options: [] });
    }
    expect(await json(s, ['custom-fields', 'create', 'tier', '--type', 'select:single', '--option', 'gold'])).toMatchObject({ options: ['gold'] });
    expect(await names(s)).toEqual(['f-boolean', 'f-tags', 'f-text', 'priority', 'regions', 'tier']);
  });

  it('exits 1 for a bad name or missing options, 2 for a bad or missing type, 6 for a duplicate name, 4 for a member', async () => {
    const s = await emptySandbox();
    await addMembers(s, { [READER]: 'read' });
    ok(await s.run(['custom-fields', 'create', 'owner', '--type', 'text']));
    const cases: [string[], number, string][] = [
      [['Owner Name', '--type', 'text'], 1, 'name'],
      [['tier', '--type', 'select:single'], 1, 'options: required for select:single fields'],
      [['notes', '--type', 'text', '--option', 'a'], 1, 'options: only select:single and select:multi fields have options'],
      [['notes', '--type', 'date'], 2, "argument 'date' is invalid"],
      [['notes'], 2, "required option '--type <type>' not specified"],
      [['owner', '--type', 'number'], 6, 'a custom field named owner already exists'],
    ];
    for (const [args, code, message] of cases) {
      const r = await s.run(['custom-fields', 'create', ...args]);
      expect(r.code, args.join(' ')).toBe(code);
      expect(r.stderr, args.join(' ')).toContain(message);
    }
    const forbidden = await s.run(['--as', READER, 'custom-fields', 'create', 'mine', '--type', 'text']);
    expect(forbidden.code).toBe(4);
    expect(forbidden.stderr).toContain('admin role required');
    expect(await names(s)).toEqual(['owner']);
    expect((await json(s, ['custom-fields', 'get', 'owner'])).type).toBe('text');
  });
});

describe('custom-fields update', () => {
  it('changes title, description, placeholder and options, and reads them back', async () => {
    const s = await emptySandbox();
    ok(await s.run(['custom-fields', 'create', 'tier', '--type', 'select:single', '--option', 'gold']));

    const piped = ok(await s.run(['custom-fields', 'update', 'tier', '--title', 'Support tier']));
    expect(tsvRows(piped.stdout)[0].slice(0, 3)).toEqual(['tier', 'select:single', 'Support tier']);
    expect(piped.stderr).toBe('Updated custom field tier.\n');

    const tty = ok(await s.run(['custom-fields', 'update', 'tier', '--option', 'gold', 'silver', '--description', 'SLA level'], { tty: true }));
    expect(fieldsOf(tty.stdout)).toMatchObject({ OPTIONS: 'gold, silver', DESCRIPTION: 'SLA level', TITLE: 'Support tier' });

    expect(await json(s, ['custom-fields', 'update', 'tier', '--placeholder', 'pick one'])).toMatchObject({ placeholder: 'pick one' });
    expect(await json(s, ['custom-fields', 'get', 'tier'])).toMatchObject({
      name: 'tier', type: 'select:single', title: 'Support tier', description: 'SLA level', placeholder: 'pick one', options: ['gold', 'silver'],
    });
  });

  it('exits 2 with nothing to change, 1 for options on a text field, 4 for a member, 5 for an unknown name', async () => {
    const s = await emptySandbox();
    await addMembers(s, { [READER]: 'read' });
    ok(await s.run(['custom-fields', 'create', 'owner', '--type', 'text']));
    const nothing = await s.run(['custom-fields', 'update', 'owner']);
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toContain('nothing to update');
    expect((await s.run(['custom-fields', 'update', 'owner', '--option', 'a'])).code).toBe(1);
    expect((await s.run(['custom-fields', 'update', 'owner', '--title', 't'.repeat(101)])).code).toBe(1);
    expect((await s.run(['--as', READER, 'custom-fields', 'update', 'owner', '--title', 'Mine'])).code).toBe(4);
    expect((await s.run(['custom-fields', 'update', 'nope', '--title', 'X'])).code).toBe(5);
    expect(await json(s, ['custom-fields', 'get', 'owner'])).toMatchObject({ title: 'owner', options: [] });
  });
});

describe('custom-fields delete', () => {
  it('refuses without --yes when piped, asks on a TTY, and removes the definition and its values', async () => {
    const s = await emptySandbox();
    ok(await s.run(['custom-fields', 'create', 'owner', '--type', 'text']));
    ok(await s.run(['custom-fields', 'create', 'tier', '--type', 'text']));
    const space = await createSpace(s, 'Runbooks');
    ok(await s.run(['spaces', 'fields', 'set', space.id, 'owner=Ops', 'tier=gold']));

    const refused = await s.run(['custom-fields', 'delete', 'owner']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('refusing without --yes');
    const no = recordingPrompter(false);
    const cancelled = await s.run(['custom-fields', 'delete', 'owner'], { tty: true, prompter: no });
    expect(cancelled.code).toBe(2);
    expect(no.questions).toEqual(['Delete custom field owner and its value on every space?']);
    expect(await names(s)).toEqual(['owner', 'tier']);

    ok(await s.run(['custom-fields', 'delete', 'owner'], { tty: true, prompter: yesPrompter }));
    expect(await names(s)).toEqual(['tier']);
    expect((await json(s, ['spaces', 'fields', 'get', space.id])).map((v: { customField: { name: string } }) => v.customField.name)).toEqual(['tier']);

    const piped = ok(await s.run(['--json', 'custom-fields', 'delete', 'tier', '--yes']));
    expect(piped.stdout).toBe('');
    expect(piped.stderr).toBe('Deleted custom field tier.\n');
    expect(await names(s)).toEqual([]);
    expect(await json(s, ['spaces', 'fields', 'get', space.id])).toEqual([]);
  });

  it('exits 5 for an unknown name and 4 for a member', async () => {
    const s = await emptySandbox();
    await addMembers(s, { [READER]: 'read' });
    ok(await s.run(['custom-fields', 'create', 'owner', '--type', 'text']));
    expect((await s.run(['custom-fields', 'delete', 'nope', '--yes'])).code).toBe(5);
    expect((await s.run(['--as', READER, 'custom-fields', 'delete', 'owner', '--yes'])).code).toBe(4);
    expect(await names(s)).toEqual(['owner']);
  });
});

describe('custom-fields help', () => {
  it('every verb has an example', async () => {
    const s = await emptySandbox();
    for (const verb of ['list', 'get', 'create', 'update', 'delete']) {
      const help = ok(await s.run(['custom-fields', verb, '--help']));
      expect(help.stdout, verb).toMatch(new RegExp(`Examples:\\n  \\$ docsctl custom-fields ${verb}`));
    }
  });
});
