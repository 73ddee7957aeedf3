import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandbox } from '../helpers/cli';
import { startServe, type Served } from '../helpers/serve';
import { fixtureSite, type FixtureSite } from '../fixtures/import/server';

/** Import through a real `docsctl serve`: the server fetches the fixture site, the CLI only sees the API. */
describe('content import in remote mode through serve', () => {
  const box = sandbox();
  let served: Served;
  let site: FixtureSite;
  const remote = (argv: string[], tty = false) => served.remote(argv, tty);

  beforeAll(async () => {
    expect((await box.run(['init'])).code).toBe(0);
    served = await startServe(box);
    site = await fixtureSite();
  });

  afterAll(async () => {
    await served.stop();
    await site.close();
  });

  it('crawls a website into a change request over HTTP, merges it, and reports failures as the API says', async () => {
    const space = JSON.parse((await remote(['spaces', 'create', '--title', 'Imported', '--json'])).stdout).id;
    const cr = JSON.parse((await remote(['cr', 'create', '--space', space, '--json'])).stdout);

    site.hits.length = 0;
    const imported = await remote(['content', 'import', `${site.url}/docs/guide/install.html`, '--space', space, '--change-request', String(cr.number), '--json']);
    expect(imported.code, imported.stderr).toBe(0);
    const result = JSON.parse(imported.stdout);
    expect(result).toEqual({ revision: expect.any(String), importedResources: 2, totalResources: 2 });
    expect(imported.stderr).toContain(`Imported 2 of 2 resources into change request ${cr.number} of space ${space}`);
    expect(site.hits).toEqual(['/robots.txt', '/docs/guide/install.html', '/docs/guide/configure.html']);

    expect((await remote(['cr', 'merge', String(cr.number), '--space', space])).code).toBe(0);
    const tree = await remote(['content', 'tree', '--space', space, '--json']);
    expect(JSON.parse(tree.stdout).pages.map((p: { path: string }) => p.path)).toEqual(['install', 'configure']);
    const page = await remote(['content', 'page', 'install', '--path', '--space', space]);
    expect(page.stdout).toContain('Then set the [options](configure.md#options).');

    const missing = await remote(['content', 'import', `${site.url}/docs/missing.html`, '--space', space]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`url: ${site.url}/docs/missing.html answered 404 Not Found`);
  });
});

describe('serve --refuse-private-addresses', () => {
  it('refuses to import from loopback addresses, naming the url', async () => {
    const box = sandbox();
    expect((await box.run(['init'])).code).toBe(0);
    const served = await startServe(box, { args: ['--refuse-private-addresses'] });
    const site = await fixtureSite();
    try {
      const space = JSON.parse((await served.remote(['spaces', 'create', '--title', 'Guarded', '--json'])).stdout).id;
      const refused = await served.remote(['content', 'import', `${site.url}/docs/guide/install.html`, '--space', space]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/url: .*(internal|private|loopback)/i);
      expect(site.hits).toEqual([]);
    } finally {
      await served.stop();
      await site.close();
    }
  });
});

describe('serve --import-max-pages and --import-max-depth', () => {
  it('bound the crawls the server runs for its clients', async () => {
    const box = sandbox();
    expect((await box.run(['init'])).code).toBe(0);
    expect((await box.run(['serve', '--import-max-pages', 'lots'])).stderr).toContain('--import-max-pages: must be a whole number from 1 to 10000');
    const served = await startServe(box, { args: ['--import-max-pages', '1'] });
    const site = await fixtureSite();
    try {
      const space = JSON.parse((await served.remote(['spaces', 'create', '--title', 'Bounded', '--json'])).stdout).id;
      const r = await served.remote(['content', 'import', `${site.url}/docs/guide/install.html`, '--space', space, '--json']);
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ importedResources: 1, totalResources: 2 });
    } finally {
      await served.stop();
      await site.close();
    }
  });
});
