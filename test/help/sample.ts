import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect } from 'vitest';
import { sandbox, type RunOptions } from '../helpers/cli';
import { openEngine } from '../../src/engine/index';
import { insertOrganization } from '../../src/engine/organizations';
import { SAMPLE_CERTIFICATE } from '../../src/engine/sample';
import { docxOf, png, type FixtureSite } from '../fixtures/import/server';

type Box = Awaited<ReturnType<typeof sandbox>>;

async function json(box: Box, argv: string[]): Promise<any> {
  const r = await box.run([...argv, '--json']);
  expect(r.stderr + (r.code ? ` (exit ${r.code} for ${argv.join(' ')})` : '')).not.toMatch(/exit \d+ for/);
  return JSON.parse(r.stdout);
}

async function ok(box: Box, argv: string[], options: RunOptions = {}) {
  const r = await box.run(argv, options);
  expect(r.code, `${argv.join(' ')}: ${r.stderr}`).toBe(0);
  return r;
}

/**
 * `init --sample`, plus what the sample lacks and the examples name: a second organization, a comment
 * with a reply, an uploaded file, an OpenAPI spec, a translation, a token and a second section group.
 * Returns the database and the value of every placeholder the examples use.
 */
export async function sampleTemplate(site: FixtureSite) {
  const box = sandbox();
  await ok(box, ['init', '--sample']);
  const engine = await openEngine(box.env.DOCSCTL_DB);
  const admin = (await engine.core.get<{ value: string }>("SELECT value FROM meta WHERE key = 'admin_user_id'"))!.value;
  const acme = (await engine.install()).organizationId;
  const labs = await engine.core.write(async () => await insertOrganization(engine.core, { title: 'Acme Labs', adminUserId: admin }));
  await engine.close();

  const spaces = (await json(box, ['spaces', 'list'])).items as { id: string; title: string }[];
  const space = (title: string) => spaces.find((s) => s.title === title)!.id;
  const SPACE_ID = space('REST API');
  const pages = (await json(box, ['content', 'tree', '--space', SPACE_ID])).pages as { id: string }[];
  const comment = await json(box, ['comments', 'add', '--space', SPACE_ID, '--page', 'overview', '--body', 'Is the base URL still right?']);
  const reply = await json(box, ['comments', 'reply', comment.id, '--space', SPACE_ID, '--body', 'Yes, v2 is current.']);
  await ok(box, ['content', 'import', `${site.url}/handbook.docx`, '--source', 'docx', '--space', SPACE_ID]);
  const files = (await json(box, ['content', 'files', '--space', SPACE_ID])).items as { id: string }[];
  // A revision of the space's history before its later merges and the import: restoring from it changes pages.
  const history = (await json(box, ['revisions', 'list', '--space', SPACE_ID])).items as { id: string; changeRequest?: { number: number } }[];
  writeFileSync(join(box.dir, 'openapi.yaml'), readFileSync(new URL('../fixtures/openapi/v1.yaml', import.meta.url)));
  await ok(box, ['openapi', 'publish', 'openapi.yaml', '--spec', 'petstore']);
  const versions = (await json(box, ['openapi', 'versions', 'petstore'])).items as { id: string }[];
  const translation = await json(box, ['translations', 'create', '--title', 'Docs in French', '--language', 'fr']);
  const token = (await json(box, ['tokens', 'list'])).items?.[0] ?? (await json(box, ['tokens', 'create', '--name', 'examples']));
  const webhook = await json(box, ['webhooks', 'create', '--endpoint', 'https://ci.acme.example/hooks/docs', '--events', 'change_request_merged']);
  const ping = await json(box, ['webhooks', 'ping', webhook.id]);

  const sites = (await json(box, ['sites', 'list'])).items as { id: string; title: string }[];
  const SITE_ID = sites.find((s) => s.title === 'Acme Developers')!.id;
  // Two top-level sections (the sample's API section is inside a group), and two site spaces in one of them.
  const handbook = await json(box, ['sections', 'add', SITE_ID, '--space', space('Employee handbook'), '--title', 'Handbook']);
  const sections = (await json(box, ['sections', 'list', SITE_ID])).items as { id: string; title: string }[];
  const changelog = sections.find((s) => s.title === 'Changelog')!.id;
  const extra = await json(box, ['site-spaces', 'add', SITE_ID, '--space', space('Partner portal'), '--section', changelog]);
  const siteSpaces = (await json(box, ['site-spaces', 'list', SITE_ID])).items as { id: string; space?: { id: string }; spaceId?: string }[];
  const groups = (await json(box, ['section-groups', 'list', SITE_ID])).items as { id: string }[];
  const otherGroup = await json(box, ['section-groups', 'create', SITE_ID, 'Reference']);
  const shareSite = sites.find((s) => s.title === 'Acme Partner Portal')!.id;
  // A published public site that adapts to nobody: what `sites build` copies.
  const publicSite = await json(box, ['sites', 'create', '--title', 'Acme Guides', '--new-space', 'sample']);
  await ok(box, ['sites', 'publish', publicSite.id]);
  const share = await json(box, ['sites', 'share-link', shareSite]);
  const archive = await json(box, ['collections', 'create', 'Archive']);
  const collections = (await json(box, ['collections', 'list'])).items as { id: string; title: string }[];
  const collection = (title: string) => collections.find((c) => c.title === title)!.id;
  const teams = (await json(box, ['teams', 'list'])).items as { id: string; title: string }[];
  const members = (await json(box, ['members', 'list', '--limit', '1000'])).items as { user: { id: string; email: string } }[];
  const invites = (await json(box, ['invites', 'list'])).items as { id: string }[];
  const saml = (await json(box, ['saml', 'list'])).items as { id: string }[];
  const spaceOfSiteSpace = (s: (typeof siteSpaces)[number]) => s.space?.id ?? s.spaceId;

  const values: Record<string, string> = {
    SPACE_ID,
    OTHER_SPACE_ID: space('Changelog'),
    ORG_ID: labs,
    USER_ID: members.find((m) => m.user.email.startsWith('linus.'))!.user.id,
    TEAM_ID: teams.find((t) => t.title === 'Design')!.id,
    INVITE_ID: invites[0].id,
    PROVIDER_ID: saml[0].id,
    COLLECTION_ID: collection('Guides'),
    OTHER_COLLECTION_ID: collection('API reference'),
    OTHER_ID: collection('API reference'),
    PAGE_ID: pages[0]?.id ?? '',
    FILE_ID: files[0]?.id ?? '',
    COMMENT_ID: comment.id,
    REPLY_ID: reply.id,
    SITE_ID,
    PUBLIC_SITE_ID: publicSite.id,
    SECTION_ID: changelog,
    OTHER_SECTION_ID: handbook.id,
    GROUP_ID: groups[0].id,
    OTHER_GROUP_ID: otherGroup.id,
    SITE_SPACE_ID: siteSpaces.find((s) => spaceOfSiteSpace(s) === space('Changelog'))!.id,
    OTHER_SITE_SPACE_ID: extra.id,
    KEY: share.shareKey,
    VERSION_ID: versions[0].id,
    TRANSLATION_ID: translation.id,
    TOKEN_ID: token.id,
    WEBHOOK_ID: webhook.id,
    DELIVERY_ID: ping.id,
    REVISION_ID: history.find((r) => r.changeRequest?.number === 1)?.id ?? '',
  };
  // The archive the `import` examples read: the whole sample organization.
  await ok(box, ['--org', acme, 'export', '-o', 'acme.docsctl.tgz']);
  for (const [name, value] of Object.entries(values)) expect(value, name).toBeTruthy();
  const named = Object.fromEntries([...spaces.map((s) => [`space:${s.title}`, s.id]), [`collection:Archive`, archive.id]]);
  return { db: box.env.DOCSCTL_DB, values, named };
}

/** The files the examples read, in a sandbox's folder. */
export function writeExampleFiles(dir: string) {
  const files: Record<string, string> = {
    'teams.yaml': 'teams:\n  - title: Design\n    members:\n      - hedy.lamarr@acme.example\n      - jean.sammet@acme.example\n      - adele.goldberg@acme.example\n      - { user: lynn.conway@acme.example, role: owner }\n      - sophie.wilson@acme.example\n',
    'users.csv': 'email\nada.lovelace@acme.example\ngrace.hopper@acme.example\n',
    'leavers.csv': 'email\nlinus.torvalds@acme.example\n',
    'roles.csv': 'email,org_role\nalan.turing@acme.example,edit\nradia.perlman@acme.example,comment\n',
    'engineering.csv': 'email\nalan.turing@acme.example\nlinus.torvalds@acme.example\ndennis.ritchie@acme.example\nken.thompson@acme.example\nradia.perlman@acme.example\nshafi.goldwasser@acme.example\nguido.van.rossum@acme.example\nsophie.wilson@acme.example\nadele.goldberg@acme.example\nward.cunningham@acme.example\nyukihiro.matsumoto@acme.example\nannie.easley@acme.example\n',
    'new-hires.csv': 'email\nnew.hire@acme.example\n',
    'okta.pem': SAMPLE_CERTIFICATE,
    'rotated.pem': SAMPLE_CERTIFICATE,
    'review.md': 'Please check the examples.\n',
    'answer.md': 'Done in the next revision.\n',
    'fixed.md': 'Step 4, not step 3.\n',
    'change.json': JSON.stringify({ memberships: {} }),
    'docs/README.md': '# Overview\n\nThe Acme REST API speaks JSON over HTTPS. Lists are paginated with cursors.\n',
    'docs/guides/install.md': '# Install\n\nRun the installer.\n',
  };
  for (const [name, text] of Object.entries(files)) {
    const path = join(dir, name);
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, text);
  }
}

/** A fresh sandbox holding a copy of the template database. */
export function sandboxFrom(db: string): Box {
  const box = sandbox();
  copyFileSync(db, box.env.DOCSCTL_DB);
  const archive = join(dirname(db), 'acme.docsctl.tgz');
  if (existsSync(archive)) copyFileSync(archive, join(box.dir, 'acme.docsctl.tgz'));
  if (existsSync(`${db}-wal`)) copyFileSync(`${db}-wal`, `${box.env.DOCSCTL_DB}-wal`);
  // The examples that name a database file (`--db ./acme.db`, `db copy --from ./acme.db`) find one: only
  // init creates a database (issue 30).
  copyFileSync(db, join(box.dir, 'acme.db'));
  if (existsSync(`${db}-wal`)) copyFileSync(`${db}-wal`, join(box.dir, 'acme.db-wal'));
  writeExampleFiles(box.dir);
  writeFileSync(join(box.dir, 'openapi.yaml'), readFileSync(new URL('../fixtures/openapi/v2.yaml', import.meta.url)));
  return box;
}

/** The routes the fixture site serves for the examples' URLs (and for the sample's uploaded file). */
export async function exampleRoutes() {
  const { serve, zipOf } = await import('../fixtures/import/server');
  const { parse } = await import('yaml');
  const spec = JSON.stringify(parse(readFileSync(new URL('../fixtures/openapi/v1.yaml', import.meta.url), 'utf8')));
  return {
    '/handbook.docx': serve(await docxOf({ title: 'Handbook', text: 'Welcome aboard.', image: png(4, 4) }), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'),
    '/handbook.zip': serve(await zipOf({ 'README.md': '# Handbook\n\nWelcome.\n', 'guides/start.md': '# Start\n\nHere.\n' }), 'application/zip'),
    '/notes.md': serve('# Notes\n\nSome notes.\n', 'text/markdown; charset=utf-8'),
    '/openapi.json': serve(spec, 'application/json'),
  };
}

