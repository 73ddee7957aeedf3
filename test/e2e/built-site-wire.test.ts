import { afterAll, describe, expect, it } from 'vitest';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sandbox } from '../helpers/cli';
import { runBuilt, runBuiltJson } from '../helpers/built';

/** The site fields in the platform's format (issue 18) through the built `bin/docsctl.cjs`. */
describe("site fields in the platform's format through the built entry", () => {
  const box = sandbox();
  afterAll(() => rmSync(box.dir, { recursive: true, force: true }));
  const json = async (argv: string[]) => await runBuiltJson(box, argv);

  it('answers the new site, structure and adaptive schema fields, and the proxy origin as it was set', async () => {
    expect((await runBuilt(box, ['init', '--sample'])).code).toBe(0);
    const site = (await json(['sites', 'list'])).items.find((s: { title: string }) => s.title === 'Acme Developers');
    expect(site).toMatchObject({
      appliedType: 'premium', defaultLevel: 'inherit', ads: { status: 'pending', submittable: false },
      permissions: { view: true, admin: true, installIntegration: false, editAdaptiveSchema: true },
    });
    expect(site.urls.preview).toMatch(new RegExp(`/v1/orgs/[^/]+/sites/${site.id}/published$`));
    expect(site.features.map((f: { id: string }) => f.id)).toEqual(['sites-sections', 'sites-share-links', 'sites-custom-domain', 'sites-visitor-authentication']);

    const groups = (await json(['section-groups', 'list', site.id])).items;
    expect(groups[0]).toMatchObject({ draft: false, children: groups[0].sections });
    const published = await json(['sites', 'published', site.id]);
    expect(published).toMatchObject({ scripts: [], customizations: { siteSpaces: {} } });

    const updated = await json(['sites', 'update', site.id, '--proxy', 'example.com/help']);
    expect(updated.proxy.origin).toBe('example.com/help');

    const file = join(box.dir, 'claims.json');
    writeFileSync(file, JSON.stringify({
      type: 'object', additionalProperties: false,
      properties: { isBetaUser: { type: 'boolean', description: 'Beta' }, unsigned: { type: 'object', properties: { dark: { type: 'boolean' } } } },
    }));
    const schema = await json(['sites', 'adaptive-schema', 'set', site.id, '--file', file]);
    expect(schema.jsonSchema.properties.unsigned).toEqual({
      type: 'object', description: 'Unsigned claims of the site visitor.', properties: { dark: { type: 'boolean' } }, additionalProperties: false,
    });
  }, 60_000);
});
