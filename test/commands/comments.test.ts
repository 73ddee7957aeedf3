import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { noPrompter, sandbox, yesPrompter } from '../helpers/cli';
import { tsvRows } from './support';

/**
 * A database with a space holding `guides` and `guides/install`, a commenter (ada, `comment` role) and
 * a reader (bob, `read` role).
 */
async function setup() {
  const box = sandbox();
  expect((await box.run(['init'])).code).toBe(0);
  const json = async (argv: string[], options: Parameters<typeof box.run>[1] = {}) => {
    const r = await box.run([...argv, '--json'], options);
    expect(r.code, r.stderr).toBe(0);
    return JSON.parse(r.stdout);
  };
  const space = (await json(['spaces', 'create', '--title', 'Docs'])).id as string;
  expect((await box.run(['invites', 'email', 'ada@example.com', 'bob@example.com', '--role', 'read'])).code).toBe(0);
  expect((await box.run(['spaces', 'permissions', 'grant', space, '--role', 'comment', '--user', 'ada@example.com'])).code).toBe(0);
  expect((await box.run(['spaces', 'permissions', 'grant', space, '--role', 'read', '--user', 'bob@example.com'])).code).toBe(0);
  await json(['cr', 'create', '--space', space]);
  const write = await box.run(['api', '-X', 'POST', `/v1/spaces/${space}/change-requests/1/content`, '--input', '-'], {
    stdin: JSON.stringify({ changes: [
      { operation: 'insert_page', document: { markdown: '# Guides' }, ref: 'g' },
      { operation: 'insert_page', document: { markdown: '# Install' }, into: 'g' },
    ] }),
  });
  expect(write.code, write.stderr).toBe(0);
  const [guides, install] = JSON.parse(write.stdout).changes.map((c: { page: string }) => c.page) as string[];
  expect((await box.run(['cr', 'merge', '1', '--space', space])).code).toBe(0);
  const ada = (argv: string[], options: Parameters<typeof box.run>[1] = {}) => box.run(['--as', 'ada@example.com', ...argv], options);
  return { box, space, json, guides, install, ada };
}

describe('comments add, get and list', () => {
  it('posts on a page given by path, and lists comments as a table, as TSV and as JSON', async () => {
    const { box, space, json, install, ada } = await setup();
    const added = await ada(['comments', 'add', '--space', space, '--page', 'guides/install', '--body', 'Step 3 is out of date.\n\nSee the changelog.']);
    expect(added.code, added.stderr).toBe(0);
    expect(added.stderr).toMatch(new RegExp(`^Posted comment (\\S+) on space ${space}\\.`));
    const id = /Posted comment (\S+)/.exec(added.stderr)![1];
    const [row] = tsvRows(added.stdout);
    expect(row.slice(0, 5)).toEqual([id, 'ada@example.com', 'open', '0', 'guides/install']);
    await json(['comments', 'add', '--space', space, '--body', 'General remark']);

    const piped = await box.run(['comments', 'list', '--space', space]);
    expect(piped.code, piped.stderr).toBe(0);
    const rows = tsvRows(piped.stdout);
    expect(rows.map((r) => r[5])).toEqual(['General remark', 'Step 3 is out of date.']);
    expect(rows[1]).toEqual([id, 'ada@example.com', 'open', '0', 'guides/install', 'Step 3 is out of date.']);

    const tty = await box.run(['comments', 'list', '--space', space], { tty: true });
    expect(tty.stdout).toMatch(/ID\s+AUTHOR\s+STATUS\s+REPLIES\s+PAGE\s+EXCERPT/);
    expect(tty.stdout).toContain('guides/install');

    const listed = await json(['comments', 'list', '--space', space]);
    expect(listed.count).toBe(2);
    expect(listed.items[1]).toMatchObject({ object: 'comment', id, body: { markdown: 'Step 3 is out of date.\n\nSee the changelog.' }, target: { page: { id: install } } });
    const asDocument = await json(['comments', 'list', '--space', space, '--body-format', 'document']);
    expect(asDocument.items[1].body.document.object).toBe('document');

    const got = await json(['comments', 'get', id, '--space', space]);
    expect(got).toEqual(listed.items[1]);
    const detail = await box.run(['comments', 'get', id, '--space', space], { tty: true });
    expect(detail.stdout).toMatch(/BODY\s+Step 3 is out of date\./);
  });

  it('filters on status, target page, author and order', async () => {
    const { box, space, json, guides, ada } = await setup();
    const first = (await json(['comments', 'add', '--space', space, '--page', guides, '--body', 'one'])).id;
    const second = (await json(['--as', 'ada@example.com', 'comments', 'add', '--space', space, '--page', 'guides/install', '--body', 'two'])).id;
    expect((await ada(['comments', 'resolve', second, '--space', space])).code).toBe(0);
    const ids = async (argv: string[]) => (await json(['comments', 'list', '--space', space, ...argv])).items.map((c: { id: string }) => c.id);
    expect(await ids([])).toEqual([second, first]);
    expect(await ids(['--order', 'asc'])).toEqual([first, second]);
    expect(await ids(['--status', 'open'])).toEqual([first]);
    expect(await ids(['--status', 'resolved'])).toEqual([second]);
    expect(await ids(['--target-page', 'guides'])).toEqual([first]);
    expect(await ids(['--target-page', guides])).toEqual([first]);
    expect(await ids(['--author', 'ada@example.com'])).toEqual([second]);
    expect(await ids(['--author', 'ada@example.com', 'admin@example.com'])).toEqual([second, first]);
    expect((await box.run(['comments', 'list', '--space', space, '--status', 'closed'])).code).toBe(2);
    expect((await box.run(['comments', 'list', '--space', space, '--order', 'up'])).code).toBe(2);
    const paged = await box.run(['comments', 'list', '--space', space, '--limit', '1']);
    expect(tsvRows(paged.stdout)).toHaveLength(1);
    expect(paged.stderr).toMatch(/Showing 1 of 2; next page: --page \S+/);
  });

  it('reads the text from a file or stdin, and explains bad input', async () => {
    const { box, space, json, ada } = await setup();
    writeFileSync(join(box.dir, 'note.md'), '# From a file\n');
    expect((await json(['comments', 'add', '--space', space, '--body-file', 'note.md'])).body.markdown).toBe('# From a file\n');
    expect((await json(['comments', 'add', '--space', space, '--body-file', '-'], { stdin: 'from stdin' })).body.markdown).toBe('from stdin');
    expect((await json(['comments', 'add', '--space', space, '--body', '-'], { stdin: 'also stdin' })).body.markdown).toBe('also stdin');

    const none = await box.run(['comments', 'add', '--space', space]);
    expect([none.code, none.stderr]).toEqual([2, expect.stringContaining('pass --body TEXT, --body-file FILE')]);
    expect((await box.run(['comments', 'add', '--space', space, '--body', 'x', '--body-file', 'note.md'])).code).toBe(2);
    expect((await box.run(['comments', 'add', '--space', space, '--node', 'n', '--body', 'x'])).code).toBe(2);
    const missing = await box.run(['comments', 'add', '--space', space, '--body-file', 'missing.md']);
    expect([missing.code, missing.stderr]).toEqual([1, expect.stringContaining('--body-file: cannot read missing.md')]);
    const badPage = await box.run(['comments', 'add', '--space', space, '--page', 'nowhere', '--body', 'x']);
    expect([badPage.code, badPage.stderr]).toEqual([1, expect.stringContaining('page: no page nowhere')]);
    const tooLong = await box.run(['comments', 'add', '--space', space, '--body', 'x'.repeat(100_001)]);
    expect(tooLong.stderr).toContain('body.markdown: must be at most 100000 characters');
    const reader = await box.run(['--as', 'bob@example.com', 'comments', 'add', '--space', space, '--body', 'x']);
    expect([reader.code, reader.stderr]).toEqual([4, expect.stringContaining('comment role on the space required')]);
    expect((await box.run(['comments', 'get', 'nope', '--space', space])).code).toBe(5);
    expect((await ada(['comments', 'list', '--space', 'nope'])).code).toBe(5);
    const help = await box.run(['comments', 'add', '--help']);
    expect(help.stdout).toContain('Examples:');
  });
});

describe('comments reply, replies, edit, react, resolve, reopen', () => {
  it('carries a discussion through', async () => {
    const { box, space, json, ada } = await setup();
    const id = (await json(['--as', 'ada@example.com', 'comments', 'add', '--space', space, '--page', 'guides', '--body', 'Typo in the titel'])).id;
    const replied = await box.run(['comments', 'reply', id, '--space', space, '--body', 'Good catch']);
    expect(replied.code, replied.stderr).toBe(0);
    expect(replied.stderr).toMatch(new RegExp(`^Replied to comment ${id} \\(reply \\S+\\)\\.`));
    await json(['--as', 'ada@example.com', 'comments', 'reply', id, '--space', space, '--body', 'Thanks!']);

    const replies = await box.run(['comments', 'replies', id, '--space', space]);
    expect(tsvRows(replies.stdout).map((r) => [r[1], r[4]])).toEqual([['admin@example.com', 'Good catch'], ['ada@example.com', 'Thanks!']]);
    expect((await box.run(['comments', 'replies', id, '--space', space], { tty: true })).stdout).toMatch(/ID\s+AUTHOR\s+POSTED/);
    const listed = await json(['comments', 'replies', id, '--space', space]);
    expect(listed.count).toBe(2);
    const replyId = listed.items[1].id;

    expect((await json(['--as', 'ada@example.com', 'comments', 'edit', id, '--space', space, '--body', 'Typo in the title'])).editedAt).toBeDefined();
    const notMine = await box.run(['comments', 'edit', id, '--space', space, '--body', 'hijacked']);
    expect([notMine.code, notMine.stderr]).toEqual([4, expect.stringContaining('only its author can')]);
    expect((await json(['--as', 'ada@example.com', 'comments', 'edit', id, '--space', space, '--reply', replyId, '--body', 'Thank you!'])).body).toEqual({ markdown: 'Thank you!' });

    expect((await json(['comments', 'react', id, '👍', '--space', space])).reactions).toMatchObject([{ emoji: '👍', count: 1 }]);
    expect((await json(['--as', 'ada@example.com', 'comments', 'react', id, '👍', '--space', space])).reactions).toMatchObject([{ emoji: '👍', count: 2 }]);
    expect((await json(['comments', 'react', id, '👍', '--space', space, '--remove'])).reactions).toMatchObject([{ emoji: '👍', count: 1 }]);
    expect((await json(['comments', 'react', id, '🎉', '--space', space, '--reply', replyId])).reactions).toMatchObject([{ emoji: '🎉', count: 1 }]);
    const badEmoji = await box.run(['comments', 'react', id, 'thumbs up', '--space', space]);
    expect([badEmoji.code, badEmoji.stderr]).toEqual([1, expect.stringContaining('addedReactions[0]: must be an emoji')]);

    const resolved = await box.run(['comments', 'resolve', id, '--space', space]);
    expect(resolved.code, resolved.stderr).toBe(0);
    expect(resolved.stderr).toContain(`Resolved comment ${id}.`);
    expect(tsvRows(resolved.stdout)[0].slice(0, 5)).toEqual([id, 'ada@example.com', 'resolved', '2', 'guides']);
    expect((await json(['comments', 'get', id, '--space', space])).resolvedBy.email).toBe('admin@example.com');
    const reopened = await json(['--as', 'ada@example.com', 'comments', 'reopen', id, '--space', space]);
    expect([reopened.status, reopened.resolvedAt]).toEqual(['open', undefined]);
    const bob = await box.run(['--as', 'bob@example.com', 'comments', 'resolve', id, '--space', space]);
    expect(bob.code).toBe(4);
  });
});

describe('comments delete', () => {
  it('asks on a terminal, needs --yes when piped, and deletes replies with the comment', async () => {
    const { box, space, json } = await setup();
    const id = (await json(['comments', 'add', '--space', space, '--body', 'to delete'])).id;
    const replyId = (await json(['comments', 'reply', id, '--space', space, '--body', 'r1'])).id;
    await json(['comments', 'reply', id, '--space', space, '--body', 'r2']);

    const piped = await box.run(['comments', 'delete', id, '--space', space]);
    expect([piped.code, piped.stderr]).toEqual([2, expect.stringContaining('refusing without --yes')]);
    const refused = await box.run(['comments', 'delete', id, '--space', space], { tty: true, prompter: noPrompter });
    expect([refused.code, refused.stderr]).toEqual([2, expect.stringContaining('cancelled')]);

    const reply = await box.run(['comments', 'delete', id, '--space', space, '--reply', replyId, '--yes']);
    expect([reply.code, reply.stderr]).toEqual([0, `Deleted reply ${replyId}.\n`]);
    expect((await json(['comments', 'get', id, '--space', space])).replies).toBe(1);
    expect((await box.run(['comments', 'delete', id, '--space', space, '--reply', replyId, '--yes'])).code).toBe(5);

    const asked = await box.run(['comments', 'delete', id, '--space', space], { tty: true, prompter: yesPrompter });
    expect([asked.code, asked.stderr]).toEqual([0, `Deleted comment ${id} and its 1 reply.\n`]);
    expect((await box.run(['comments', 'get', id, '--space', space])).code).toBe(5);
    expect((await box.run(['comments', 'delete', id, '--space', space, '--yes'])).code).toBe(5);
  });
});

describe('comments on a change request', () => {
  it('uses the change request root with --change-request', async () => {
    const { box, space, json, ada } = await setup();
    await json(['cr', 'create', '--space', space, '--subject', 'Rework install']);
    const added = await ada(['comments', 'add', '--space', space, '--change-request', '2', '--page', 'guides/install', '--body', 'Looks good']);
    expect(added.code, added.stderr).toBe(0);
    expect(added.stderr).toContain(`on change request 2.`);
    const onCr = await json(['comments', 'list', '--space', space, '--change-request', '2']);
    expect(onCr.items.map((c: { body: { markdown: string } }) => c.body.markdown)).toEqual(['Looks good']);
    expect(onCr.items[0].target.changeRequest).toBeDefined();
    expect((await json(['comments', 'list', '--space', space])).count).toBe(0);
    expect((await json(['cr', 'get', '2', '--space', space])).comments).toBe(1);
    const id = onCr.items[0].id;
    expect((await box.run(['comments', 'resolve', id, '--space', space, '--change-request', '2'])).code).toBe(0);
    expect((await json(['cr', 'get', '2', '--space', space])).comments).toBe(0);
    expect((await box.run(['comments', 'get', id, '--space', space])).code).toBe(5);
    expect((await box.run(['comments', 'list', '--space', space, '--change-request', '9'])).code).toBe(5);
  });
});
