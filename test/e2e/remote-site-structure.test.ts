import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandbox } from '../helpers/cli';
import { startServe, type Served } from '../helpers/serve';
import { insertSite } from '../helpers/sites';
import { withEngine } from '../commands/spaces-support';

/** Building a site's structure through a real `docsctl serve`, the CLI knowing only the URL and a token. */
describe('site structure in remote mode through serve', () => {
  const box = sandbox();
  let served: Served;
  let siteId = '';
  const remote = (argv: string[], tty = false) => served.remote(argv, tty);
  const json = (argv: string[]) => served.json(argv);
  const titles = async () => (await json(['site-spaces', 'list', siteId])).items.map((s: { title: string; default: boolean }) => `${s.title}${s.default ? '*' : ''}`);

  beforeAll(async () => {
    expect((await box.run(['init'])).code).toBe(0);
    siteId = await withEngine(box, async (engine, { organizationId }) => await insertSite(engine, organizationId, { title: 'Handbook' }));
    served = await startServe(box);
  });

  afterAll(async () => {
    await served.stop();
  });

  it('adds spaces, turns them into sections and a group, reorders, and follows a space through delete and restore', async () => {
    const guide = await json(['spaces', 'create', '--title', 'Guide']);
    const api = await json(['spaces', 'create', '--title', 'API']);
    const changelog = await json(['spaces', 'create', '--title', 'Changelog']);

    // Root site spaces first; the first section takes them.
    await json(['site-spaces', 'add', siteId, '--space', guide.id]);
    const apiAtRoot = await json(['site-spaces', 'add', siteId, '--space', api.id]);
    expect(apiAtRoot.urls.published).toMatch(new RegExp(`^${served.url}/o/[^/]+/sites/${siteId}/api$`));
    const product = await json(['sections', 'add', siteId, '--space', guide.id, '--title', 'Product']);
    expect(product.siteSpaces.map((s: { title: string }) => s.title)).toEqual(['Guide', 'API']);
    const news = await json(['sections', 'add', siteId, '--space', changelog.id]);
    expect(await titles()).toEqual(['Guide*', 'API', 'Changelog*']);

    // Default site space and order inside the section.
    await json(['sections', 'update', siteId, product.id, '--default-site-space', apiAtRoot.id]);
    expect((await remote(['site-spaces', 'move', siteId, apiAtRoot.id, '--before', product.siteSpaces[0].id])).code).toBe(0);
    expect(await titles()).toEqual(['API*', 'Guide', 'Changelog*']);

    // A group at the top, holding the second section.
    const group = await json(['section-groups', 'create', siteId, 'Updates', '--section', news.id]);
    expect((await remote(['section-groups', 'move', siteId, group.id, '--before', product.id])).code).toBe(0);
    const tree = await remote(['sites', 'tree', siteId], true);
    expect(tree.code, tree.stderr).toBe(0);
    expect(tree.stdout.split('\n').slice(1, 4)).toEqual([
      `├── Updates (group)  [${group.id}]`,
      `│   └── Changelog  /changelog  [${news.id}]`,
      `│       └── Changelog  /changelog  [default, ${news.siteSpaces[0].id}]`,
    ]);
    expect(await titles()).toEqual(['Changelog*', 'API*', 'Guide']);

    // Errors keep their meaning over HTTP.
    expect((await remote(['site-spaces', 'add', siteId, '--space', api.id, '--section', product.id])).code).toBe(6);
    const bad = await remote(['sections', 'move', siteId, product.id, '--before', news.id]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('position.before: section');

    // Deleting a space hides its site space; restoring brings it back as it was.
    expect((await remote(['spaces', 'delete', api.id, '--yes'])).code).toBe(0);
    expect(await titles()).toEqual(['Changelog*', 'Guide*']);
    expect((await remote(['spaces', 'restore', api.id])).code).toBe(0);
    expect(await titles()).toEqual(['Changelog*', 'API*', 'Guide']);
    const published = await json(['sites', 'tree', siteId]);
    expect(published.structure.map((s: { title: string }) => s.title)).toEqual(['Changelog', 'Product']);
  });
});
