import { afterAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { sandbox } from '../helpers/cli';
import { runBuilt, runBuiltJson } from '../helpers/built';

/** Conditions through the built `bin/docsctl.cjs`, where jsep is a vendor bundle loaded on first use. */
describe('adaptive content through the built entry', () => {
  const box = sandbox();
  afterAll(() => rmSync(box.dir, { recursive: true, force: true }));
  const built = async (argv: string[]) => await runBuilt(box, argv);
  const json = async (argv: string[]) => await runBuiltJson(box, argv);

  it('refuses a bad condition with its position, takes a good one and previews it', async () => {
    expect((await built(['init', '--sample'])).code).toBe(0);
    const site = (await json(['sites', 'list'])).items.find((s: { title: string }) => s.title === 'Acme Developers');
    const sections = (await json(['sections', 'list', site.id])).items as { id: string; title: string }[];
    const changelog = sections.find((s) => s.title === 'Changelog')!;

    const bad = await built(['sections', 'update', site.id, changelog.id, '--condition', 'visitor.claims.isBetaUser = true']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/condition: .* at position \d+/);
    const undeclared = await built(['sections', 'update', site.id, changelog.id, '--condition', 'visitor.claims.beta']);
    expect(undeclared.stderr).toContain("condition: visitor.claims.beta at position 1 is not declared by the site's adaptive schema (declared: isBetaUser)");

    await json(['sections', 'update', site.id, changelog.id, '--condition', 'visitor.claims.isBetaUser']);
    const titles = async (claims: string[]) => (await json(['sites', 'preview', site.id, ...claims])).structure.map((s: { title: string }) => s.title);
    expect(await titles([])).toEqual(['API']);
    expect(await titles(['--claims', 'isBetaUser=true'])).toEqual(['API', 'Changelog']);
  }, 60_000);
});
