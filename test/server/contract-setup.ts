import { testEngine } from '../helpers/engine';
import { testApp, type CallResult } from '../helpers/app';
import { specFixture } from '../helpers/openapi';
import { loadSample } from '../../src/engine/sample';

/**
 * One organization with every kind of resource, for the contract test: the sample data (members,
 * teams, a SAML provider, collections, spaces with custom fields, content and change requests, a site
 * with sections, a section group and site spaces, invite links), plus what the sample lacks: comments
 * and replies at both roots, a file, a page linking to it, translations, an OpenAPI spec.
 */
export async function contractSetup() {
  const t = await testEngine();
  await loadSample(t.engine);
  const api = testApp(t.engine);
  const { core } = t.engine;
  const admin = { userId: t.adminId };
  const id = async (sql: string, args: unknown[] = []) => (await core.get<{ id: string }>(sql, args))!.id;

  /** Through the app, waiting for asynchronous answers (imports, OpenAPI publishing). */
  const call = async (method: string, url: string, body?: unknown, as = t.adminId): Promise<CallResult> => {
    const headers: Record<string, string> = { 'content-type': 'application/json', authorization: `Bearer ${await api.tokenFor(as)}` };
    const response = await api.app.handleAsync({ method, url, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const json = response.headers['content-type']?.startsWith('application/json');
    return { status: response.status, headers: response.headers, body: response.body === undefined ? undefined : json ? JSON.parse(response.body.toString()) : response.body };
  };

  const orgId = t.orgId;
  const spaceId = await id("SELECT id FROM spaces WHERE title = 'REST API'");
  const crs = t.engine.changeRequests;
  const cr = await crs.create(admin, spaceId, { subject: 'Contract test' });
  const written = await crs.write(admin, spaceId, cr.id, [
    { operation: 'insert_files', files: [{ name: 'logo.txt', contentType: 'text/plain', base64: Buffer.from('logo').toString('base64') }] },
  ]);
  const fileId = written.insertedFiles[0].id as string;
  await crs.write(admin, spaceId, cr.id, [
    { operation: 'insert_page', document: { markdown: `# Links\n\nSee [the logo](/files/${fileId}) and [nowhere](https://example.invalid/x).\n` } },
    // The revision's reusableContents answer the platform's RevisionReusableContent.
    { operation: 'insert_reusable_content', title: 'Restart', document: { markdown: '---\ntitle: Restart\n---\n\nRestart the app.\n' }, git: { path: '.gitbook/includes/restart.md' } },
  ]);
  const merged = await crs.create(admin, spaceId, { subject: 'Links page' });
  await crs.write(admin, spaceId, merged.id, [
    { operation: 'insert_files', files: [{ name: 'main-logo.txt', contentType: 'text/plain', base64: Buffer.from('logo').toString('base64') }] },
  ]);
  const mainFile = (await core.get<{ file_id: string }>("SELECT file_id FROM revision_files WHERE name = 'main-logo.txt'"))?.file_id;
  await crs.write(admin, spaceId, merged.id, [
    { operation: 'insert_page', document: { markdown: `# Links\n\nSee [the logo](/files/${mainFile}).\n` } },
    { operation: 'insert_reusable_content', title: 'Sign in', document: { markdown: 'Sign in first.\n' } },
  ]);
  await crs.merge(admin, spaceId, merged.id);

  const teamId = await id("SELECT id FROM teams WHERE title = 'Design'");
  const siteId = await id("SELECT id FROM sites WHERE title = 'Acme Developers'");
  const collectionId = await id("SELECT id FROM collections WHERE title = 'Guides'");
  const userId = await id("SELECT id FROM users WHERE email = 'hedy.lamarr@acme.example'");
  const samlId = await id('SELECT id FROM saml_providers');
  const inviteId = await id('SELECT id FROM invites ORDER BY id');
  const deletedSpaceId = await id("SELECT id FROM spaces WHERE title = 'Old roadmap'");
  const sectionId = await id("SELECT id FROM site_sections WHERE title = 'API'");
  const changelogSectionId = await id("SELECT id FROM site_sections WHERE title = 'Changelog'");
  const groupId = await id('SELECT id FROM site_section_groups');
  const siteSpaceId = await id('SELECT id FROM site_spaces WHERE section_id = ? ORDER BY position', [sectionId]);

  return { ...t, api, call, orgId, spaceId, crId: cr.id, fileId, mainFileId: mainFile!, teamId, siteId, collectionId, userId, samlId, inviteId, deletedSpaceId, sectionId, changelogSectionId, groupId, siteSpaceId, specText: specFixture('v1.yaml') };
}

export type ContractSetup = Awaited<ReturnType<typeof contractSetup>>;
