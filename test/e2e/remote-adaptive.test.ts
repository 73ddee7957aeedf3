import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run, sandbox } from '../helpers/cli';
import { startServe, type Served } from '../helpers/serve';
import { openEngine } from '../../src/engine/index';
import { visitorOfAnotherOrganization } from '../helpers/visitor';
import { signJwt, signingSecret } from '../../src/engine/jwt';

const VISITOR = 'visitor@elsewhere.example';
const claim = (description: string) => ({ type: 'boolean', description });
const schema = (signed: Record<string, unknown>) => ({
  type: 'object',
  properties: { ...signed, unsigned: { type: 'object', properties: { dark: { type: 'boolean' } } } },
  additionalProperties: false,
});

/** Adaptive content through a real `docsctl serve`: conditions checked on write, evaluated for visitors, previewed. */
describe('adaptive content in remote mode through serve', () => {
  const box = sandbox();
  let served: Served;
  let visitorToken = '';
  let orgId = '';
  let betaClaims = '';
  const remote = (argv: string[], tty = false) => served.remote(argv, tty);
  const json = (argv: string[]) => served.json(argv);
  const visitor = (argv: string[]) =>
    run(['--url', served.url, '--token', visitorToken, '--org', orgId, ...argv], { cwd: box.dir, env: { DOCSCTL_CONFIG_DIR: box.env.DOCSCTL_CONFIG_DIR } });

  beforeAll(async () => {
    expect((await box.run(['init'])).code).toBe(0);
    const engine = await openEngine(box.env.DOCSCTL_DB);
    try {
      orgId = (await engine.install()).organizationId;
      // What the site's own backend would hand its beta testers: a visitor JWT with a signed claim.
      const now = Math.floor(Date.now() / 1000);
      betaClaims = signJwt({ sub: 'reader-42', org: orgId, iat: now, exp: now + 3600, beta: true }, await signingSecret(engine.core));
    } finally {
      await engine.close();
    }
    visitorToken = await visitorOfAnotherOrganization(box, VISITOR);
    writeFileSync(join(box.dir, 'claims.json'), JSON.stringify(schema({ beta: claim('A beta tester'), staff: claim('Works here') })));
    writeFileSync(join(box.dir, 'smaller.json'), JSON.stringify(schema({ staff: claim('Works here') })));
    served = await startServe(box);
  });

  afterAll(async () => {
    await served.stop();
  });

  it('checks conditions on write, evaluates them for visitors, shows members everything and previews claims', async () => {
    const guide = await json(['spaces', 'create', '--title', 'Guide']);
    const labs = await json(['spaces', 'create', '--title', 'Labs']);
    const site = await json(['sites', 'create', '--title', 'Docs', '--space', guide.id]);
    const guides = await json(['sections', 'add', site.id, '--space', guide.id, '--title', 'Guides']);
    const lab = await json(['sections', 'add', site.id, '--space', labs.id, '--title', 'Labs']);
    expect((await remote(['sites', 'adaptive-schema', 'set', site.id, '--file', 'claims.json'])).code).toBe(0);
    expect((await remote(['sites', 'update', site.id, '--publish', '--adaptive'])).code).toBe(0);

    // Checked on write: syntax and undeclared claims are 400s naming condition and the position.
    const syntax = await remote(['sections', 'update', site.id, lab.id, '--condition', 'visitor.claims.beta &&']);
    expect(syntax.code).toBe(1);
    expect(syntax.stderr).toMatch(/condition: Expected expression after &&.* at position 23/);
    const unknown = await remote(['sections', 'update', site.id, lab.id, '--condition', 'visitor.claims.vip']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('condition: visitor.claims.vip at position 1 is not declared');
    await json(['sections', 'update', site.id, lab.id, '--condition', 'visitor.claims.beta || visitor.claims.unsigned.dark']);

    // Dropping a claim a condition uses is a conflict.
    const shrink = await remote(['sites', 'adaptive-schema', 'set', site.id, '--file', 'smaller.json']);
    expect(shrink.code).toBe(6);
    expect(shrink.stderr).toContain(`section ${lab.id} (visitor.claims.beta)`);

    // A visitor sees Labs only with a claim that makes its condition true, and never the condition.
    const sections = async (argv: string[]) => {
      const result = await visitor(['sites', 'published', site.id, '--json', ...argv]);
      expect(result.code, result.stderr).toBe(0);
      return JSON.parse(result.stdout).structure.structure.map((s: { title: string; condition?: string }) => `${s.title}${s.condition ? ` if ${s.condition}` : ''}`);
    };
    expect(await sections([])).toEqual(['Guides']);
    expect(await sections(['--visitor-token', betaClaims])).toEqual(['Guides', 'Labs']);
    expect(await sections(['--unsigned', '{"dark":true}'])).toEqual(['Guides', 'Labs']);
    expect(await sections(['--unsigned', '{"dark":false}'])).toEqual(['Guides']);
    const malformed = await visitor(['sites', 'published', site.id, '--unsigned', 'dark']);
    expect(malformed.code).toBe(1);
    expect(malformed.stderr).toContain('unsigned: must be a JSON object of claims');

    // Hiding the default section hands the default to the first visible one.
    await json(['sections', 'update', site.id, guides.id, '--condition', 'visitor.claims.staff']);
    const handedOver = JSON.parse((await visitor(['sites', 'published', site.id, '--json', '--visitor-token', betaClaims])).stdout).structure.structure;
    expect(handedOver.map((s: { title: string; default: boolean }) => [s.title, s.default])).toEqual([['Labs', true]]);

    // The member sees everything, each with its condition.
    const member = (await json(['sites', 'published', site.id])).structure.structure;
    expect(member.map((s: { title: string; condition?: string; default: boolean }) => [s.title, s.condition, s.default])).toEqual([
      ['Guides', 'visitor.claims.staff', true], ['Labs', 'visitor.claims.beta || visitor.claims.unsigned.dark', false],
    ]);

    // The preview draws what given claims see.
    const preview = await remote(['sites', 'preview', site.id, '--claims', 'staff=true,unsigned.dark=false'], true);
    expect(preview.code, preview.stderr).toBe(0);
    expect(preview.stdout.trimEnd().split('\n').slice(1)).toEqual([
      `└── Guides  /guides  [default, if visitor.claims.staff, ${guides.id}]`,
      `    └── Guide  /guide  [default, ${guides.siteSpaces[0].id}]`,
    ]);
  });
});
