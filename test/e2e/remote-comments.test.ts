import { describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { servedSandbox } from '../helpers/serve';

/** A review discussion over HTTP: comment on a page, reply, react, resolve, list, delete. */
describe('comments in remote mode through serve', () => {
  const { box, remote, served, json } = servedSandbox();

  it('discusses a page of a space and of a change request over HTTP', async () => {
    const space = (await json(['spaces', 'create', '--title', 'Handbook'])).id;
    mkdirSync(join(box.dir, 'handbook'));
    writeFileSync(join(box.dir, 'handbook', 'onboarding.md'), '# Onboarding\n\nWelcome.\n');
    expect((await remote(['content', 'push', 'handbook', '--space', space, '--merge'])).code).toBe(0);

    const comment = await json(['comments', 'add', '--space', space, '--page', 'onboarding', '--body', 'Add the VPN step']);
    expect(comment.target.page).toMatchObject({ path: 'onboarding', outdated: false });
    expect(comment.urls.location).toBe(`${served().url}/v1/spaces/${space}/comments/${comment.id}`);
    await json(['comments', 'reply', comment.id, '--space', space, '--body', 'On it']);
    expect((await json(['comments', 'react', comment.id, '👍', '--space', space])).reactions[0]).toMatchObject({ emoji: '👍', count: 1 });
    expect((await json(['spaces', 'get', space])).comments).toBe(1);

    const table = await remote(['comments', 'list', '--space', space], true);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/Add the VPN step/);
    expect((await remote(['comments', 'resolve', comment.id, '--space', space])).code).toBe(0);
    expect((await json(['comments', 'list', '--space', space, '--status', 'open'])).count).toBe(0);
    expect((await json(['spaces', 'get', space])).comments).toBe(0);

    // A change to the page makes the comment outdated.
    writeFileSync(join(box.dir, 'handbook', 'onboarding.md'), '# Onboarding\n\nWelcome. Install the VPN first.\n');
    expect((await remote(['content', 'push', 'handbook', '--space', space, '--merge'])).code).toBe(0);
    expect((await json(['comments', 'get', comment.id, '--space', space])).target.page.outdated).toBe(true);

    await json(['cr', 'create', '--space', space, '--subject', 'More onboarding']);
    const onCr = await json(['comments', 'add', '--space', space, '--change-request', '3', '--body', 'Ship it']);
    expect(onCr.urls.location).toContain('/change-requests/');
    expect((await json(['cr', 'get', '3', '--space', space])).comments).toBe(1);

    const deleted = await remote(['comments', 'delete', comment.id, '--space', space, '--yes']);
    expect([deleted.code, deleted.stderr]).toEqual([0, `Deleted comment ${comment.id} and its 1 reply.\n`]);
    expect((await remote(['comments', 'get', comment.id, '--space', space])).code).toBe(5);
  });
});
