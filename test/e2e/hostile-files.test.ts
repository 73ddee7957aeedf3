import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { request } from 'undici';
import { apiCaller, servedSandbox } from '../helpers/serve';

/**
 * An editor of a real `serve` sends whatever bytes it likes as a file's name and media type. None of
 * it may reach a response header or a path outside the folder `content pull` writes, and nothing may
 * stop the server (issue 13, items 1, 3 and 11).
 */
describe('files from a hostile editor, through serve', () => {
  const { box, served, remote } = servedSandbox();

  const call = (method: string, path: string, body?: unknown) => apiCaller(served().url, served().token)(method, path, body);
  /** The server still answers, quickly: checked after every probe. */
  async function alive() {
    expect((await call('GET', '/v1/user')).status).toBe(200);
  }
  const file = (name: string, contentType?: string, content = 'x') => ({ name, ...(contentType === undefined ? {} : { contentType }), base64: Buffer.from(content).toString('base64') });

  async function newChangeRequest(space: string) {
    const created = await call('POST', `/v1/spaces/${space}/change-requests`, {});
    expect(created.status, created.bytes.toString()).toBe(201);
    return created.json().id as string;
  }

  it('refuses media types that are not RFC 9110 media types and names that are not relative paths, 400 naming the field', async () => {
    const space = JSON.parse((await remote(['spaces', 'create', '--title', 'Hostile', '--json'])).stdout).id;
    const cr = await newChangeRequest(space);
    const write = (files: Awaited<ReturnType<typeof file>>[]) => call('POST', `/v1/spaces/${space}/change-requests/${cr}/content`, { changes: [{ operation: 'insert_files', files }] });
    const badTypes = ['text/plain\r\nX-Injected: yes', 'text/plain\nX: y', 'image/pngĀ', 'text', 'text/', '/plain', 'text/plain; charset', 'text/pl ain', 'text/plain; a="unterminated'];
    for (const contentType of badTypes) {
      const answer = await write([file('a.txt'), file('b.txt', contentType)]);
      expect(answer.status, contentType).toBe(400);
      expect(answer.json().error.message).toMatch(/^changes\[0\]\.files\[1\]\.contentType: must be a media type/);
      await alive();
    }
    const badNames = ['../../../escaped/x', '..', 'a/../../b', '/etc/passwd', 'C:\\evil', 'a\\b', 'a//b', './a', 'a/./b', 'bell\u0007.txt', 'nul\u0000.txt', 'line\nbreak.txt'];
    for (const name of badNames) {
      const answer = await write([file(name)]);
      expect(answer.status, JSON.stringify(name)).toBe(400);
      expect(answer.json().error.message).toMatch(/^changes\[0\]\.files\[0\]\.name: must /);
      await alive();
    }
    // What real files look like still goes in.
    const good = await write([file('images/logo.png', 'image/png'), file('notes.txt', 'text/plain; charset="utf-8"'), file('.gitbook/assets/a b (1).txt'), file('résumé.md', 'text/markdown;charset=utf-8')]);
    expect(good.status, good.bytes.toString()).toBe(200);
    expect(good.json().insertedFiles.map((f: { contentType: string }) => f.contentType)).toEqual(['image/png', 'text/plain; charset="utf-8"', 'text/plain', 'text/markdown;charset=utf-8']);
  });

  it('serves downloads with nosniff, active types as attachments, and a stored header-breaking type as octet-stream', async () => {
    const space = JSON.parse((await remote(['spaces', 'create', '--title', 'Downloads', '--json'])).stdout).id;
    const cr = await newChangeRequest(space);
    const files = [file('logo.svg', 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), file('page.html', 'text/html; charset=utf-8', '<script>alert(1)</script>'), file('notes.txt', 'text/plain'), file('dé"jà.xml', 'application/xml')];
    const written = await call('POST', `/v1/spaces/${space}/change-requests/${cr}/content`, { changes: [{ operation: 'insert_files', files }] });
    expect(written.status).toBe(200);
    expect((await call('POST', `/v1/spaces/${space}/change-requests/${cr}/merge`, {})).status).toBe(200);
    const listed = (await call('GET', `/v1/spaces/${space}/content/files`)).json().items as { id: string; name: string }[];
    expect(listed).toHaveLength(4);
    const download = (name: string) => call('GET', `/v1/spaces/${space}/files/${listed.find((f) => f.name === name)!.id}/download`);

    const svg = await download('logo.svg');
    expect(svg.status).toBe(200);
    expect(svg.headers).toMatchObject({ 'content-type': 'image/svg+xml', 'x-content-type-options': 'nosniff', 'content-disposition': `attachment; filename="logo.svg"; filename*=UTF-8''logo.svg` });
    expect((await download('page.html')).headers['content-disposition']).toMatch(/^attachment; filename="page.html"/);
    expect((await download('dé"jà.xml')).headers['content-disposition']).toBe(`attachment; filename="d__j_.xml"; filename*=UTF-8''d%C3%A9%22j%C3%A0.xml`);
    const text = await download('notes.txt');
    expect(text.headers).toMatchObject({ 'content-type': 'text/plain', 'x-content-type-options': 'nosniff' });
    expect(text.headers['content-disposition']).toBeUndefined();

    // A database written before media types were checked: the stored value never reaches a header.
    const db = new Database(box.env.DOCSCTL_DB);
    const changed = db.prepare("UPDATE revision_files SET content_type = ? WHERE name = 'notes.txt'").run('text/plain\r\nX-Injected: yes').changes;
    db.close();
    expect(changed).toBeGreaterThan(0);
    const broken = await download('notes.txt');
    expect(broken.status).toBe(200);
    expect(broken.headers['content-type']).toBe('application/octet-stream');
    expect(broken.headers['x-injected']).toBeUndefined();
    expect(broken.bytes.toString()).toBe('x');
    await alive();
  });

  it('content pull refuses (exit 1, nothing written) a space whose file would land outside the folder', async () => {
    const space = JSON.parse((await remote(['spaces', 'create', '--title', 'Escape', '--json'])).stdout).id;
    const cr = await newChangeRequest(space);
    const written = await call('POST', `/v1/spaces/${space}/change-requests/${cr}/content`, {
      changes: [{ operation: 'insert_page', document: { markdown: '# Home\n' } }, { operation: 'insert_files', files: [file('a.txt'), file('b.txt')] }],
    });
    expect(written.status).toBe(200);
    expect((await call('POST', `/v1/spaces/${space}/change-requests/${cr}/merge`, {})).status).toBe(200);
    // Another instance, or a database from before names were checked, hands out a name (or, for a file
    // kept by Git Sync, a path) that climbs out: the pull refuses it before it writes anything.
    const refused = async (update: string, folder: string, shown: string) => {
      const db = new Database(box.env.DOCSCTL_DB);
      expect(db.prepare(update).run().changes).toBeGreaterThan(0);
      db.close();
      const pulled = await remote(['content', 'pull', folder, '--space', space]);
      expect(pulled.code).toBe(1);
      expect(pulled.stderr).toContain(`file "${shown}" would be written outside`);
      expect(readdirSync(join(box.dir, folder))).toEqual([]);
      expect(existsSync(join(box.dir, 'escaped'))).toBe(false);
    };
    await refused("UPDATE revision_files SET name = '../escaped/b.txt' WHERE name = 'b.txt'", 'out', '../escaped/b.txt');
    await refused("UPDATE revision_files SET name = 'b.txt', git_path = '../../escaped/b.txt' WHERE name = '../escaped/b.txt'", 'out2', '../../escaped/b.txt');
    await alive();
  });
});

describe('serve and promises nobody awaited', () => {
  const { served } = servedSandbox();

  it('logs an unhandled rejection on stderr and keeps serving', async () => {
    const { url, token } = served();
    // What a forgotten promise of some request does when it fails later, outside any handler.
    process.emit('unhandledRejection', new Error('a forgotten promise failed'), Promise.resolve());
    const res = await request(`${url}/v1/user`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    await res.body.dump();
    const stopped = await served().stop();
    expect(stopped.stderr).toContain('internal error: Error: a forgotten promise failed');
  });
});
