import { describe, expect, it } from 'vitest';
import { fieldsOf, json, ok, READER, recordingPrompter, sampleSandbox, tsvRows } from './support';

describe('sites visitor-auth', () => {
  it('shows the signing key and fallback URL: fields on a terminal, a row piped, the object with --json', async () => {
    const s = await sampleSandbox();
    const site = (await json(s, ['sites', 'list'])).items.find((x: { title: string }) => x.title === 'Acme Partner Portal');
    ok(await s.run(['sites', 'update', site.id, '--visibility', 'visitor-auth']));
    const shown = await json(s, ['sites', 'visitor-auth', site.id]);
    expect(shown).toEqual({ object: 'site-visitor-auth', backend: 'custom', signingKey: expect.stringMatching(/^[\w-]{43}$/), fallbackUrl: null });
    const tty = ok(await s.run(['sites', 'visitor-auth', site.id], { tty: true }));
    expect(fieldsOf(tty.stdout)['SIGNING KEY']).toBe(shown.signingKey);
    const piped = ok(await s.run(['sites', 'visitor-auth', site.id, '--fallback-url', 'https://auth.acme.example/login']));
    expect(tsvRows(piped.stdout)).toEqual([[shown.signingKey, 'https://auth.acme.example/login']]);
    expect(piped.stderr).toContain('without a valid token now go to https://auth.acme.example/login');
    const cleared = await json(s, ['sites', 'visitor-auth', site.id, '--no-fallback-url']);
    expect(cleared.fallbackUrl).toBeNull();
  });

  it('rotates the key after a confirmation (--yes under a pipe), and says when the site is not visitor-auth', async () => {
    const s = await sampleSandbox();
    const site = (await json(s, ['sites', 'list'])).items.find((x: { title: string }) => x.title === 'Acme Developers');
    const before = (await json(s, ['sites', 'visitor-auth', site.id])).signingKey;
    const refused = await s.run(['sites', 'visitor-auth', site.id, '--rotate-key']);
    expect(refused.code).toBe(2);
    expect((await json(s, ['sites', 'visitor-auth', site.id])).signingKey).toBe(before);
    const prompter = recordingPrompter(true);
    const tty = ok(await s.run(['sites', 'visitor-auth', site.id, '--rotate-key'], { tty: true, prompter }));
    expect(prompter.questions[0]).toMatch(/^Rotate the visitor signing key of site "Acme Developers"/);
    expect(tty.stderr).toContain('Rotated the visitor signing key');
    expect(tty.stderr).toContain('is public; visitor tokens only open it once it is visitor-auth');
    const after = (await json(s, ['sites', 'visitor-auth', site.id, '--rotate-key', '--yes'])).signingKey;
    expect(new Set([before, fieldsOf(tty.stdout)['SIGNING KEY'], after]).size).toBe(3);
  });

  it('refuses a bad URL (exit 1, naming the field), other members (exit 4) and an unknown site (exit 5)', async () => {
    const s = await sampleSandbox();
    const site = (await json(s, ['sites', 'list'])).items[0];
    const bad = await s.run(['sites', 'visitor-auth', site.id, '--fallback-url', 'javascript:alert(1)']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('fallbackUrl: must be an http or https URL');
    expect((await s.run(['--as', READER, 'sites', 'visitor-auth', site.id])).code).toBe(4);
    expect((await s.run(['sites', 'visitor-auth', 'nope'])).code).toBe(5);
  });
});
