import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { servedSandbox } from '../helpers/serve';
import { openEngine } from '../../src/engine/index';
import { insertOrganization } from '../../src/engine/organizations';
import { loadArchive } from '../../src/org-archive/archive';
import { enrichSample, normalizedArchive } from '../helpers/org-archive';
import { testFileStoreOptions } from '../helpers/s3';

/**
 * Export and import in remote mode, through a real `serve`: an organization exported over HTTP and
 * imported over HTTP into another organization of the same instance, then exported again.
 */
describe('export and import through serve', () => {
  let target = '';
  let source = '';
  const { box, served, remote } = servedSandbox({
    setup: async (b) => {
      expect((await b.run(['init', '--sample'])).code).toBe(0);
      const engine = await openEngine(b.env.DOCSCTL_DB, testFileStoreOptions());
      const installation = await engine.install();
      source = installation.organizationId;
      target = await engine.core.write(async () => await insertOrganization(engine.core, { title: 'Acme Copy', adminUserId: installation.userId }));
      await engine.close();
      await enrichSample(b, source);
    },
  });

  it('round trips over HTTP; what the instance refuses (a hostname already taken) is listed and exit 1', async () => {
    const exported = await remote(['--org', source, 'export', '-o', 'acme.docsctl.tgz', '--json']);
    expect(exported.code, exported.stderr).toBe(0);
    const archive = join(box.dir, 'acme.docsctl.tgz');
    const { manifest } = await loadArchive(archive);
    expect(manifest.source).toEqual({ url: served().url, organization: source, title: 'Acme Docs' });

    const imported = await remote(['--org', target, 'import', archive]);
    expect(imported.code).toBe(1);
    expect(imported.stderr).toMatch(/Could not be carried over:\n  organization hostname acme: .+/);
    expect(imported.stderr).toContain('error: 1 object(s) could not be carried over (listed above); run the same command again to retry them');

    expect((await remote(['--org', target, 'export', '-o', 'copy.docsctl.tgz'])).code).toBe(0);
    const [left, right] = [await normalizedArchive(archive), await normalizedArchive(join(box.dir, 'copy.docsctl.tgz'))];
    const withoutHostname = (n: typeof left) => {
      const archived = n.archive as { organization: { settings: Record<string, unknown> } };
      delete archived.organization.settings.hostname;
      return n;
    };
    expect(withoutHostname(right)).toEqual(withoutHostname(left));
  }, 120_000);
});
