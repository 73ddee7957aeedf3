import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run, sandbox } from '../helpers/cli';
import { startServe, type Served } from '../helpers/serve';
import { visitorOfAnotherOrganization } from '../helpers/visitor';

const VISITOR = 'visitor@elsewhere.example';

/** A site's life through a real `docsctl serve`: create it with spaces, publish it, open it with its share key. */
describe('sites in remote mode through serve', () => {
  const box = sandbox();
  let served: Served;
  let visitorToken = '';
  const remote = (argv: string[], tty = false) => served.remote(argv, tty);
  const json = (argv: string[]) => served.json(argv);

  beforeAll(async () => {
    expect((await box.run(['init'])).code).toBe(0);
    // Someone who belongs to another organization only: a visitor of our sites.
    visitorToken = await visitorOfAnotherOrganization(box, VISITOR);
    served = await startServe(box);
  });

  afterAll(async () => {
    await served.stop();
  });

  it('creates a share-link site with two spaces, publishes it and lets a visitor in with the share key only', async () => {
    const guides = await json(['spaces', 'create', '--title', 'Guides']);
    const api = await json(['spaces', 'create', '--title', 'API reference']);
    const site = await json(['sites', 'create', '--title', 'Developer docs', '--space', guides.id, api.id, '--visibility', 'share-link']);
    expect(site).toMatchObject({ siteSpaces: 2, published: false, visibility: 'share-link' });
    const orgId = site.urls.location.split('/')[5];
    expect(site.urls.location).toBe(`${served.url}/v1/orgs/${orgId}/sites/${site.id}`);

    const published = await json(['sites', 'publish', site.id]);
    expect(published.published).toBe(true);
    const listed = await json(['sites', 'list', '--published']);
    expect(listed.items.map((s: { id: string }) => s.id)).toEqual([site.id]);

    const link = await json(['sites', 'share-link', site.id]);
    expect(site.urls.published).toBe(link.url);

    // The visitor, with their own token and only the URL: 404 without the key, the site with it.
    const visitor = (argv: string[]) =>
      run(['--url', served.url, '--token', visitorToken, '--org', orgId, ...argv], { cwd: box.dir, env: { DOCSCTL_CONFIG_DIR: box.env.DOCSCTL_CONFIG_DIR } });
    expect((await visitor(['sites', 'published', site.id])).code).toBe(5);
    expect((await visitor(['sites', 'get', site.id])).code).toBe(5);
    const seen = await visitor(['sites', 'published', site.id, '--share-key', link.shareKey, '--json']);
    expect(seen.code, seen.stderr).toBe(0);
    const body = JSON.parse(seen.stdout);
    expect(body.site.id).toBe(site.id);
    expect(body.structure).toMatchObject({ type: 'siteSpaces' });
    expect(body.structure.structure.map((s: { title: string; path: string; default: boolean }) => [s.title, s.path, s.default])).toEqual([
      ['Guides', 'guides', true], ['API reference', 'api-reference', false],
    ]);

    // Rotating the key locks the old link out.
    expect((await remote(['sites', 'share-link', site.id, '--rotate', '--yes'])).code).toBe(0);
    expect((await visitor(['sites', 'published', site.id, '--share-key', link.shareKey])).code).toBe(5);
    const table = await remote(['sites', 'published', site.id], true);
    expect(table.stdout).toContain('API reference');
  });
});
