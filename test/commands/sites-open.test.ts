import { mkdtempSync, readFileSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emptySandbox, json, ok, recordingPrompter, sampleSandbox } from './support';

/** A stand-in browser: a script that writes the URL it was given to a file. */
function recordingBrowser(): { command: string; opened: () => string } {
  const dir = mkdtempSync(join(tmpdir(), 'docsctl-browser-'));
  const command = join(dir, 'browser');
  writeFileSync(command, `#!/bin/sh\necho "$1" > "${dir}/opened"\n`);
  chmodSync(command, 0o755);
  return { command, opened: () => readFileSync(join(dir, 'opened'), 'utf8').trim() };
}

describe('sites open', () => {
  it('prints the URL a visitor opens, and on a terminal offers to open it in $BROWSER', async () => {
    const s = await sampleSandbox();
    const site = (await json(s, ['sites', 'list'])).items.find((x: { title: string }) => x.title === 'Acme Developers');
    const piped = ok(await s.run(['sites', 'open', site.id]));
    expect(piped.stdout).toBe(`${site.urls.published}\n`);
    expect(await json(s, ['sites', 'open', site.id])).toEqual({ id: site.id, title: 'Acme Developers', published: true, visibility: 'public', url: site.urls.published });
    const browser = recordingBrowser();
    const prompter = recordingPrompter(true);
    const tty = ok(await s.run(['sites', 'open', site.id], { tty: true, prompter, env: { BROWSER: browser.command } }));
    expect(tty.stdout).toContain(site.urls.published);
    expect(prompter.questions).toEqual([`Open ${site.urls.published} in your browser?`]);
    await expect.poll(() => { try { return browser.opened(); } catch { return ''; } }).toBe(site.urls.published);
    // Declined: nothing opens.
    const no = recordingPrompter(false);
    ok(await s.run(['sites', 'open', site.id], { tty: true, prompter: no, env: { BROWSER: '/nonexistent/browser' } }));
  });

  it('gives a share-link site\'s URL with its key, and says what a visitor still needs', async () => {
    const s = await sampleSandbox();
    const partner = (await json(s, ['sites', 'list'])).items.find((x: { title: string }) => x.title === 'Acme Partner Portal');
    const out = ok(await s.run(['sites', 'open', partner.id]));
    expect(out.stdout).toMatch(/\?shareKey=/);
    expect(out.stderr).toContain('is not published');
    const missing = await s.run(['sites', 'open', 'nope']);
    expect(missing.code).toBe(5);
    expect(missing.stderr).toContain('site nope not found');
  });

  it('says when the browser cannot be started, and still exits 0 with the URL printed', async () => {
    const s = await emptySandbox();
    const created = await json(s, ['sites', 'create', '--title', 'Docs']);
    const tty = ok(await s.run(['sites', 'open', created.id], { tty: true, prompter: recordingPrompter(true), env: { BROWSER: '/nonexistent/browser' } }));
    expect(tty.stdout + tty.stderr).toContain('could not start /nonexistent/browser');
  });
});
