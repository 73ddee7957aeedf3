import { describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/output/display-width';
import { emptySandbox, json, ok, sampleSandbox, tableOf, tsvRows } from './support';

const HOURS = 3_600_000;

describe('audit list', () => {
  it('lists the writes newest first, piped as TSV and with --json, filtered by action, target and actor (an e-mail)', async () => {
    const s = await emptySandbox();
    const space = (await json(s, ['spaces', 'create', '--title', 'Audited'])).id as string;
    ok(await s.run(['spaces', 'update', space, '--title', 'Audited twice']));
    const rows = tsvRows(ok(await s.run(['audit', 'list'])).stdout);
    expect(rows.map((row) => row[2])).toEqual(['updateSpaceById', 'createSpace']);
    expect(rows[0][3]).toBe(`space=${space}`);
    expect(rows[0][4]).toBe('title');
    // After the ids, the names as they were: actor, token (none in local mode), titles, the action in words.
    expect(rows[0].slice(7)).toEqual(['Admin', 'admin@example.com', '', 'space="Audited"', 'updated space "Audited" (title)']);
    const listed = await json(s, ['audit', 'list', '--action', 'createSpace']);
    expect(listed.items).toHaveLength(1);
    expect(listed.items[0]).toMatchObject({ action: 'createSpace', targets: { created: space }, status: 201 });
    expect(listed.items[0].actorUser).toMatchObject({ object: 'user', displayName: 'Admin', email: 'admin@example.com' });
    expect(listed.items[0].targetDetails[1]).toEqual({ name: 'created', id: space, kind: 'space', title: 'Audited' });
    expect((await json(s, ['audit', 'list', '--target', space])).count).toBe(2);
    expect((await json(s, ['audit', 'list', '--actor', 'admin@example.com'])).count).toBe(2);
    expect((await json(s, ['audit', 'list', '--since', '2999-01-01'])).count).toBe(0);
    const csv = ok(await s.run(['--format', 'csv', 'audit', 'list'])).stdout.split('\n');
    expect(csv[0]).toBe('TIME,ACTOR,ACTION,TARGETS,SUMMARY,STATUS,REQUEST,ACTOR NAME,ACTOR EMAIL,TOKEN NAME,TARGET TITLES,DESCRIPTION');
  });

  it('shows a table on a terminal, and refuses a bad time with the field and the rule', async () => {
    const s = await emptySandbox();
    const space = (await json(s, ['spaces', 'create', '--title', 'One'])).id as string;
    const table = tableOf(ok(await s.run(['audit', 'list'], { tty: true })).stdout);
    expect(table.header).toEqual(['TIME', 'ACTOR', 'ACTION', 'TARGETS']);
    expect(table.rows[0].slice(1)).toEqual(['Admin <admin@example.com>', 'created space "One"', `created=${space}`]);
    const bad = await s.run(['audit', 'list', '--since', 'last week']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('since: must be an ISO 8601 date or time');
  });

  it('reads like a story at 80 columns on the sample: who deleted the handbook, two hours ago, and its title as it was', async () => {
    const s = await sampleSandbox();
    const spaces = (await json(s, ['spaces', 'list'])).items as { id: string; title: string }[];
    const handbook = spaces.find((x) => x.title === 'Employee handbook')!.id;
    ok(await s.run(['--as', 'grace.hopper@acme.example', 'spaces', 'delete', handbook, '--yes']));
    ok(await s.run(['spaces', 'restore', handbook]));
    ok(await s.run(['spaces', 'update', handbook, '--title', 'Staff handbook']));
    const later = new Date(Date.now() + 2 * HOURS + 60_000);
    const r = ok(await s.run(['audit', 'list'], { tty: true, columns: 80, now: later }));
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines.filter((line) => displayWidth(line) > 80)).toEqual([]);
    // The e-mails give way (inside their brackets), not the actions. The ids did not fit beside the story:
    // each record's go whole on a line of their own below it, under the actor (issue 31).
    expect(lines).toEqual([
      'TIME         ACTOR                     ACTION',
      '2 hours ago  Admin <admin@example.c…>  updated space "Employee handbook" (title)',
      `             space=${handbook}`,
      '2 hours ago  Admin <admin@example.c…>  restored space "Employee handbook"',
      `             space=${handbook}`,
      '2 hours ago  Grace Hopper <grace.ho…>  deleted space "Employee handbook"',
      `             space=${handbook}`,
    ]);
    expect(r.stderr).toBe('');
    // Wide, the ids come too, whole.
    const wide = tableOf(ok(await s.run(['audit', 'list'], { tty: true, columns: 200 })).stdout);
    expect(wide.header).toEqual(['TIME', 'ACTOR', 'ACTION', 'TARGETS']);
    expect(ok(await s.run(['audit', 'list'], { tty: true, columns: 200 })).stderr).toBe('');
    expect(wide.rows[2].slice(1)).toEqual(['Grace Hopper <grace.hopper@acme.example>', 'deleted space "Employee handbook"', `space=${handbook}`]);
    // A long action wraps onto the lines below, after the e-mails gave way; the actor is never dropped.
    const api = spaces.find((x) => x.title === 'REST API')!.id;
    const cr = (await json(s, ['change-requests', 'list', '--space', api])).items[0] as { number: number; subject: string };
    ok(await s.run(['--as', 'ada.lovelace@acme.example', 'change-requests', 'merge', String(cr.number), '--space', api]));
    const narrow = ok(await s.run(['audit', 'list', '--limit', '1'], { tty: true, columns: 80, now: later }));
    const [head, merged, ...rest] = narrow.stdout.trimEnd().split('\n');
    expect(head).toBe('TIME         ACTOR                     ACTION');
    expect(merged).toMatch(new RegExp(`^2 hours ago {2}Ada Lovelace <ada\\.love…> {2}merged change request #${cr.number} "${cr.subject.slice(0, 8)}`));
    const actionAt = head.indexOf('ACTION');
    const continued = rest.filter((line) => line.length > actionAt && !line.slice(0, actionAt).trim());
    expect([merged.slice(actionAt), ...continued.map((line) => line.slice(actionAt))].join(' ')).toBe(`merged change request #${cr.number} "${cr.subject}" into space "REST API"`);
    expect(rest).toContain(`             space=${api} changeRequest=${cr.number}`);
    expect(narrow.stdout).not.toContain('…"');
    expect(narrow.stdout.split('\n').filter((line) => displayWidth(line) > 80)).toEqual([]);
    const story = tableOf(ok(await s.run(['audit', 'list', '--limit', '1'], { tty: true, columns: 200 })).stdout);
    expect(story.rows[0][2]).toBe(`merged change request #${cr.number} "${cr.subject}" into space "REST API"`);
    // Piped, the ids stay whole and first; the names follow.
    const [row] = tsvRows(ok(await s.run(['audit', 'list', '--action', 'deleteSpaceById'])).stdout);
    expect(row.slice(2, 4)).toEqual(['deleteSpaceById', `space=${handbook}`]);
    expect(row.slice(7)).toEqual(['Grace Hopper', 'grace.hopper@acme.example', '', 'space="Employee handbook"', 'deleted space "Employee handbook"']);
  });

  it('--actor takes an e-mail (of someone who has left too) or an id; an unknown e-mail is not found (exit 5)', async () => {
    const s = await sampleSandbox();
    const grace = ((await json(s, ['members', 'list', '--search', 'grace.hopper'])).items as { id: string }[])[0].id;
    ok(await s.run(['--as', 'grace.hopper@acme.example', 'spaces', 'create', '--title', 'Graced']));
    ok(await s.run(['spaces', 'create', '--title', 'Not Grace']));
    const byEmail = await json(s, ['audit', 'list', '--actor', 'grace.hopper@acme.example']);
    expect(byEmail.items.map((r: { targetDetails: { title?: string }[] }) => r.targetDetails[1].title)).toEqual(['Graced']);
    expect((await json(s, ['audit', 'list', '--actor', grace])).count).toBe(1);
    ok(await s.run(['members', 'remove', 'grace.hopper@acme.example', '--yes']));
    expect((await json(s, ['audit', 'list', '--actor', 'grace.hopper@acme.example', '--action', 'createSpace'])).count).toBe(1);
    const unknown = await s.run(['audit', 'list', '--actor', 'nobody@acme.example']);
    expect(unknown.code).toBe(5);
    expect(unknown.stderr).toContain('nobody@acme.example');
  });
});
