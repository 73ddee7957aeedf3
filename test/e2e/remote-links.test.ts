import { describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { servedSandbox } from '../helpers/serve';

/** The CI link check through a real `docsctl serve`: push docs, check links, fix them, check again. */
describe('links in remote mode through serve', () => {
  const { box, remote, served } = servedSandbox();

  it('fails the check on a broken link, lists backlinks, and passes once the link is fixed', async () => {
    const space = JSON.parse((await remote(['spaces', 'create', '--title', 'API docs', '--json'])).stdout).id as string;
    const docs = join(box.dir, 'docs');
    mkdirSync(join(docs, 'img'), { recursive: true });
    writeFileSync(join(docs, 'README.md'), '# API\n\n[Auth](auth.md#tokens) ![flow](img/flow.png) [Gone](gone.md)\n');
    writeFileSync(join(docs, 'auth.md'), `# Authentication\n\n## Tokens\n\n[Home](README.md) [console](${served().url}/app/s/${space})\n`);
    writeFileSync(join(docs, 'img/flow.png'), Buffer.from('flow'));
    expect((await remote(['content', 'push', 'docs', '--space', space, '--merge'])).code).toBe(0);

    const check = await remote(['links', '--space', space, '--fail-on-broken']);
    expect(check.code).toBe(1);
    expect(check.stdout.trim().split('\n').map((l) => l.split('\t').slice(0, 3))).toEqual([
      ['broken', 'page', 'gone.md'],
      ['in-app', 'url', `${served().url}/app/s/${space}`],
      ['ok', 'anchor', 'auth#tokens'],
      ['ok', 'file', 'img/flow.png'],
      ['ok', 'page', 'readme'],
    ]);
    expect(check.stderr).toBe('5 link(s), 1 broken.\nerror: 1 broken link(s) found\n');

    const listing = JSON.parse((await remote(['links', '--space', space, '--status', 'broken', '--json'])).stdout);
    expect(listing).toMatchObject({ count: 1, stats: { total: 5, broken: { total: 1, changeRequest: 0 } }, items: [{ targetReference: { kind: 'page', path: 'gone.md' } }] });

    const file = JSON.parse((await remote(['content', 'files', '--space', space, '--json'])).stdout).items[0].id as string;
    const backlinks = await remote(['links', '--space', space, '--file', file], true);
    expect(backlinks.code, backlinks.stderr).toBe(0);
    expect(backlinks.stdout).toMatch(/readme\s+API/);

    writeFileSync(join(docs, 'README.md'), '# API\n\n[Auth](auth.md#tokens) ![flow](img/flow.png)\n');
    expect((await remote(['content', 'push', 'docs', '--space', space, '--merge'])).code).toBe(0);
    const fixed = await remote(['links', '--space', space, '--fail-on-broken']);
    expect(fixed.code, fixed.stderr).toBe(0);
    expect(fixed.stderr).toBe('4 link(s), 0 broken.\n');
  });
});
