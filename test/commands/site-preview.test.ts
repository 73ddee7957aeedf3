import { describe, expect, it } from 'vitest';
import { emptySandbox, json, ok, tsvRows } from './support';
import { createSpace, withEngine } from './spaces-support';
import { insertSite } from '../helpers/sites';

/**
 * A site with adaptive content on: section "Product" (Alpha, and Gamma shown to beta visitors) and
 * section "Labs" (Beta), the default, shown to visitors with the unsigned claim dark.
 */
async function adaptiveSandbox() {
  const s = await emptySandbox();
  const siteId = await withEngine(s, async (engine, { organizationId }) => await insertSite(engine, organizationId, { title: 'Docs' }));
  const space = async (title: string) => (await createSpace(s, title)).id as string;
  const [alpha, beta, gamma] = [await space('Alpha'), await space('Beta'), await space('Gamma')];
  const product = await json(s, ['sections', 'add', siteId, '--space', alpha, '--title', 'Product']);
  const labs = await json(s, ['sections', 'add', siteId, '--space', beta, '--title', 'Labs']);
  const gammaSiteSpace = await json(s, ['site-spaces', 'add', siteId, '--space', gamma, '--section', product.id]);
  ok(await s.run(['site-spaces', 'update', siteId, gammaSiteSpace.id, '--condition', 'visitor.claims.beta']));
  ok(await s.run(['sections', 'update', siteId, labs.id, '--condition', 'visitor.claims.unsigned.dark == true']));
  ok(await s.run(['sites', 'update', siteId, '--default-section', labs.id, '--adaptive']));
  return { ...s, siteId, product, labs, gammaSiteSpace };
}

describe('sites preview', () => {
  it('draws the tree a visitor with the claims sees on a terminal; a hidden default section hands over', async () => {
    const s = await adaptiveSandbox();
    const none = ok(await s.run(['sites', 'preview', s.siteId], { tty: true })).stdout.trimEnd().split('\n');
    expect(none.slice(1)).toEqual([
      `└── Product  /product  [default, ${s.product.id}]`,
      `    └── Alpha  /alpha  [default, ${s.product.siteSpaces[0].id}]`,
    ]);
    const all = ok(await s.run(['sites', 'preview', s.siteId, '--claims', 'beta=true,unsigned.dark=true'], { tty: true })).stdout.trimEnd().split('\n');
    expect(all.slice(1)).toEqual([
      `├── Product  /product  [${s.product.id}]`,
      `│   ├── Alpha  /alpha  [default, ${s.product.siteSpaces[0].id}]`,
      `│   └── Gamma  /gamma  [if visitor.claims.beta, ${s.gammaSiteSpace.id}]`,
      `└── Labs  /labs  [default, if visitor.claims.unsigned.dark == true, ${s.labs.id}]`,
      `    └── Beta  /beta  [default, ${s.labs.siteSpaces[0].id}]`,
    ]);
  });

  it('prints TSV rows piped and the structure with --json; signed and unsigned claims are told apart', async () => {
    const s = await adaptiveSandbox();
    const rows = tsvRows(ok(await s.run(['sites', 'preview', s.siteId, '--claims', 'dark=true,unsigned.beta=true'])).stdout);
    expect(rows.map((r) => [r[0], r[3], r[5]])).toEqual([['section', 'Product', 'true'], ['site-space', 'Alpha', 'true']]);
    const tree = await json(s, ['sites', 'preview', s.siteId, '--claims', 'unsigned.dark=true']);
    expect(tree.structure.map((x: { title: string; default: boolean }) => [x.title, x.default])).toEqual([['Product', false], ['Labs', true]]);
  });

  it('shows everything, saying so, when adaptive content is off', async () => {
    const s = await adaptiveSandbox();
    ok(await s.run(['sites', 'update', s.siteId, '--no-adaptive']));
    const result = ok(await s.run(['sites', 'preview', s.siteId]));
    expect(result.stderr).toContain('Adaptive content is off for this site');
    expect(tsvRows(result.stdout).map((r) => r[3])).toEqual(['Product', 'Alpha', 'Gamma', 'Labs', 'Beta']);
  });

  it('refuses malformed claims with exit 2 naming --claims, and an unknown site with exit 5', async () => {
    const s = await adaptiveSandbox();
    for (const claims of ['beta', '1x=true', 'unsigned.=true', 'a.b=true']) {
      const result = await s.run(['sites', 'preview', s.siteId, '--claims', claims]);
      expect(result.code, claims).toBe(2);
      expect(result.stderr).toContain('--claims:');
    }
    expect((await s.run(['sites', 'preview', 'nope'])).code).toBe(5);
  });
});
