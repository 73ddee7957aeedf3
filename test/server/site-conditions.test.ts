import { describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../helpers/app';
import { conditionsSetup, SCHEMA } from './site-conditions-setup';
import { random, randomCondition } from '../helpers/random-condition';

describe('PATCH a section or site space condition: checked on write', () => {
  it('takes a condition that parses and names declared claims, signed or unsigned; null removes it', async () => {
    const s = await conditionsSetup();
    const res = await s.patchSection(s.labs.id, { condition: '(visitor.claims.beta || visitor.claims.staff) && !visitor.claims.unsigned.dark' });
    expectOk(res, 'updateSiteSection');
    expect(res.body.condition).toBe('(visitor.claims.beta || visitor.claims.staff) && !visitor.claims.unsigned.dark');
    const spaceRes = await s.patchSiteSpace(s.beta.id, { condition: 'visitor.claims.beta == true' });
    expectOk(spaceRes, 'updateSiteSpace');
    const removed = await s.patchSection(s.labs.id, { condition: null });
    expectOk(removed, 'updateSiteSection');
    expect(removed.body.condition).toBeUndefined();
  });

  it('answers 400 naming condition and the position of a syntax error', async () => {
    const s = await conditionsSetup();
    expectError(await s.patchSection(s.labs.id, { condition: 'visitor.claims.beta &&' }), 400, /^condition: Expected expression after &&: .* at position 23$/);
    expectError(await s.patchSiteSpace(s.beta.id, { condition: 'visitor.claims.beta === true' }), 400, 'condition: "===" is not supported: write "==" (comparisons never convert types) at position 21');
    expectError(await s.patchSiteSpace(s.beta.id, { condition: 'visitor.claims.beta && alert(1)' }), 400, 'condition: calls a function: conditions have no functions at position 24');
    expectError(await s.patchSection(s.labs.id, { condition: 'process.exit()' }), 400, 'condition: calls a function: conditions have no functions at position 1');
    // The length rule of api.md still comes first, from the body's schema.
    expectError(await s.patchSection(s.labs.id, { condition: '' }), 400, /condition/);
    expectError(await s.patchSection(s.labs.id, { condition: 'x'.repeat(1025) }), 400, /condition/);
  });

  it('answers 400 naming a claim the adaptive schema does not declare, and its position', async () => {
    const s = await conditionsSetup();
    expectError(await s.patchSection(s.labs.id, { condition: 'visitor.claims.beta || visitor.claims.admin' }), 400,
      "condition: visitor.claims.admin at position 24 is not declared by the site's adaptive schema (declared: beta, staff, unsigned.dark)");
    // A signed claim is not the unsigned one of the same name, and the other way round.
    expectError(await s.patchSiteSpace(s.beta.id, { condition: 'visitor.claims.unsigned.beta' }), 400, /visitor\.claims\.unsigned\.beta at position 1 is not declared/);
    expectError(await s.patchSiteSpace(s.beta.id, { condition: 'visitor.claims.dark' }), 400, /visitor\.claims\.dark at position 1 is not declared/);
    expect((await s.engine.core.get<{ condition: string | null }>('SELECT condition FROM site_sections WHERE id = ?', [s.labs.id]))!.condition).toBeNull();
  });

  it('takes any claim while the site has no adaptive schema of its own', async () => {
    const s = await conditionsSetup({ schema: false });
    expectOk(await s.patchSection(s.labs.id, { condition: 'visitor.claims.anything && visitor.claims.unsigned.other' }), 'updateSiteSection');
    expectError(await s.patchSection(s.labs.id, { condition: 'visitor.anything' }), 400, /"visitor\.anything" is not a claim/);
  });

  it('checks who may change it first: 403 for a reader, 404 for a guest, an outsider or an unknown section', async () => {
    const s = await conditionsSetup();
    expectError(await s.patchSection(s.labs.id, { condition: 'nonsense(' }, s.reader), 403);
    expectError(await s.patchSiteSpace(s.beta.id, { condition: 'nonsense(' }, s.guest), 404);
    expectError(await s.patchSection(s.labs.id, { condition: 'visitor.claims.beta' }, s.outsider), 404);
    expectError(await s.patchSection('nope', { condition: 'visitor.claims.beta' }), 404);
    expectError(await s.patchSiteSpace('nope', { condition: 'visitor.claims.beta' }), 404);
  });
});

describe('PUT …/adaptive-schema: conditions that would break', () => {
  it('answers 409 listing every condition naming a claim the new schema drops, and changes nothing', async () => {
    const s = await conditionsSetup();
    expectOk(await s.patchSection(s.labs.id, { condition: 'visitor.claims.beta && visitor.claims.staff' }), 'updateSiteSection');
    expectOk(await s.patchSiteSpace(s.beta.id, { condition: 'visitor.claims.unsigned.dark || visitor.claims.beta' }), 'updateSiteSpace');
    const shrunk = { ...SCHEMA, properties: { staff: SCHEMA.properties.staff, unsigned: { type: 'object', properties: {} } } };
    expectError(await s.putSchema(shrunk), 409,
      `jsonSchema: these conditions name claims the new schema does not declare: section ${s.labs.id} (visitor.claims.beta); `
      + `site space ${s.beta.id} (visitor.claims.unsigned.dark, visitor.claims.beta). Change or remove the conditions first`);
    const res = await s.api.request('GET', `${s.site(s.siteId)}/adaptive-schema`, { as: s.adminId });
    expect(Object.keys(res.body.jsonSchema.properties)).toEqual(['beta', 'staff', 'unsigned']);
  });

  it('takes a schema that drops only claims no condition names', async () => {
    const s = await conditionsSetup();
    expectOk(await s.patchSection(s.labs.id, { condition: 'visitor.claims.beta' }), 'updateSiteSection');
    const res = await s.putSchema({ ...SCHEMA, properties: { beta: SCHEMA.properties.beta } });
    expectOk(res, 'updateSiteAdaptiveSchema');
    expectOk(await s.patchSection(s.labs.id, { condition: null }), 'updateSiteSection');
    expectOk(await s.putSchema({ type: 'object', properties: {}, additionalProperties: false }), 'updateSiteAdaptiveSchema');
  });
});

describe('GET …/published: conditions evaluated for visitors', () => {
  const hideLabsAndBeta = async (s: Awaited<ReturnType<typeof conditionsSetup>>) => {
    expectOk(await s.patchSection(s.labs.id, { condition: 'visitor.claims.staff || visitor.claims.unsigned.dark' }), 'updateSiteSection');
    expectOk(await s.patchSiteSpace(s.beta.id, { condition: 'visitor.claims.beta == true' }), 'updateSiteSpace');
  };

  it('shows a visitor without claims only what has no condition or one that holds (missing claims are false); defaults hand over', async () => {
    const s = await conditionsSetup();
    await hideLabsAndBeta(s);
    // The Beta site space was the default of Guides: Guides' first visible site space takes over.
    const { outline, body } = await s.seen(s.outsider);
    expect(outline).toEqual(['Guides*[Guides*]']);
    // Visitors never see the conditions, nor a count that hints at hidden site spaces.
    expect(JSON.stringify(body.structure)).not.toContain('condition');
    expect(body.site.siteSpaces).toBe(1);
    expect((await s.seen(s.adminId)).body.site.siteSpaces).toBe(3);
  });

  it('evaluates signed claims from the visitor token and unsigned claims from `unsigned`', async () => {
    const s = await conditionsSetup();
    await hideLabsAndBeta(s);
    expect((await s.seen(s.outsider, { visitorToken: await s.tokenWith({ beta: true }) })).outline).toEqual(['Guides*[Guides, Beta*]']);
    expect((await s.seen(s.outsider, { visitorToken: await s.tokenWith({ staff: true }) })).outline).toEqual(['Guides*[Guides*]', 'Labs[Labs*]']);
    expect((await s.seen(s.outsider, { unsigned: '{"dark":true}' })).outline).toEqual(['Guides*[Guides*]', 'Labs[Labs*]']);
    // An unsigned claim is not a signed one: `unsigned` cannot claim beta, nor the token's `unsigned` field dark.
    expect((await s.seen(s.outsider, { unsigned: '{"beta":true}' })).outline).toEqual(['Guides*[Guides*]']);
    expect((await s.seen(s.outsider, { visitorToken: await s.tokenWith({ unsigned: { dark: true } }) })).outline).toEqual(['Guides*[Guides*]']);
    // Only the JSON value true is true.
    expect((await s.seen(s.outsider, { visitorToken: await s.tokenWith({ beta: 'true' }) })).outline).toEqual(['Guides*[Guides*]']);
  });

  it('hands the default section over to the first visible one when its condition hides it', async () => {
    const s = await conditionsSetup();
    expectOk(await s.patchSection(s.guides.id, { condition: 'visitor.claims.staff' }), 'updateSiteSection');
    expect((await s.seen(s.outsider)).outline).toEqual(['Labs*[Labs*]']);
    expect((await s.seen(s.guest)).outline).toEqual(['Labs*[Labs*]']);
    expect((await s.seen(s.outsider, { visitorToken: await s.tokenWith({ staff: true }) })).outline).toEqual(['Guides*[Guides, Beta*]', 'Labs[Labs*]']);
  });

  it('evaluates root site spaces of a site without sections the same way', async () => {
    const s = await conditionsSetup();
    const site = await s.createSite({ title: 'Flat', spaces: [await s.createSpace('One'), await s.createSpace('Two')] });
    await s.patchOk(site.id, { published: true, adaptiveContent: { enabled: true } });
    const [one] = await s.siteSpaceRows(site.id);
    expectOk(await s.api.request('PATCH', `${s.site(site.id)}/site-spaces/${one.id}`, { as: s.adminId, body: { condition: 'visitor.claims.unsigned.vip' } }), 'updateSiteSpace');
    const titles = async (query: string) => (await s.published(site.id, s.outsider, query)).body.structure.structure.map((x: { title: string; default: boolean }) => `${x.title}${x.default ? '*' : ''}`);
    expect(await titles('')).toEqual(['Two*']);
    expect(await titles(`?unsigned=${encodeURIComponent('{"vip":true}')}`)).toEqual(['One*', 'Two']);
  });

  it('shows members with a role everything, each item with its condition', async () => {
    const s = await conditionsSetup();
    await hideLabsAndBeta(s);
    for (const member of [s.adminId, s.reader]) {
      const { outline, body } = await s.seen(member);
      expect(outline).toEqual(['Guides*[Guides, Beta*]', 'Labs[Labs*]']);
      expect(body.structure.structure[1].condition).toBe('visitor.claims.staff || visitor.claims.unsigned.dark');
      expect(body.structure.structure[0].siteSpaces[1].condition).toBe('visitor.claims.beta == true');
    }
  });

  it('shows visitors everything, without conditions, while adaptive content is off', async () => {
    const s = await conditionsSetup();
    await hideLabsAndBeta(s);
    await s.patchOk(s.siteId, { adaptiveContent: { enabled: false } });
    const { outline, body } = await s.seen(s.outsider);
    expect(outline).toEqual(['Guides*[Guides, Beta*]', 'Labs[Labs*]']);
    expect(JSON.stringify(body.structure)).not.toContain('condition');
  });

  it('takes no claims from a token that does not verify, and refuses a malformed `unsigned` (400 naming it)', async () => {
    const s = await conditionsSetup();
    await hideLabsAndBeta(s);
    const forged = `${(await s.tokenWith({ staff: true })).slice(0, -4)}AAAA`;
    expect((await s.seen(s.outsider, { visitorToken: forged })).outline).toEqual(['Guides*[Guides*]']);
    const published = (query: string) => s.published(s.siteId, s.outsider, query);
    expectError(await published(`?unsigned=${encodeURIComponent('{"dark":')}`), 400, 'unsigned: must be a JSON object of claims, such as {"beta":true}');
    expectError(await published(`?unsigned=${encodeURIComponent('[true]')}`), 400, /^unsigned: must be a JSON object/);
    expectError(await published(`?unsigned=${encodeURIComponent('{"dark":{"x":1}}')}`), 400, 'unsigned: claim "dark" must be true, false, a string or a number');
    expectError(await published(`?unsigned=${'x'.repeat(5000)}`), 400, /^unsigned:/);
  });

  it('hides an item whose stored condition does not parse (stored before conditions were checked) from visitors', async () => {
    const s = await conditionsSetup();
    await s.engine.core.run('UPDATE site_sections SET condition = ? WHERE id = ?', ['visitor.claims.beta +', s.labs.id]);
    expect((await s.seen(s.outsider, { visitorToken: await s.tokenWith({ beta: true }) })).outline).toEqual(['Guides*[Guides, Beta*]']);
  });
});

describe('PATCH condition under random input', () => {
  it('answers 200 or a 400 naming condition for 400 random conditions, never anything else', async () => {
    const s = await conditionsSetup({ schema: false });
    const next = random(2026);
    const started = performance.now();
    for (let i = 0; i < 400; i++) {
      const condition = randomCondition(next).slice(0, 1024) || 'x';
      const res = await s.patchSiteSpace(s.beta.id, { condition });
      expect([200, 400], `${JSON.stringify(condition)}: ${JSON.stringify(res.body)}`).toContain(res.status);
      if (res.status === 400) expect(res.body.error.message).toMatch(/^condition: /);
    }
    expect(performance.now() - started).toBeLessThan(30_000);
  });
});
