import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { PDFDocument } from 'pdf-lib';
import { expectOk, testApp } from '../helpers/app';
import { PUBLIC_URL } from '../helpers/engine';
import { createEngine } from '../../src/engine/index';
import { openDb } from '../../src/engine/store/db';
import { SqliteStore } from '../../src/engine/store/sqlite-store';
import { manualClock, sequentialIds } from '../../src/engine/clock';
import { openapiSetup, specFixture } from '../helpers/openapi';

const v1 = specFixture('v1.yaml');
const v2 = specFixture('v2.yaml');
const computed = (spec: string) => ({ type: 'builtin:openapi', dependencies: { spec: { ref: { kind: 'openapi', spec } } } });

/** A space whose content holds one computed page (stored text "Stored placeholder") naming `spec`. */
async function spaceWithReference(spec = 'petstore', given?: Awaited<ReturnType<typeof openapiSetup>>) {
  const s = given ?? await openapiSetup();
  const space = await s.engine.spaces.create({ userId: s.adminId }, s.orgId, { title: 'API' });
  const cr = (await s.api.request('POST', `/v1/spaces/${space.id}/change-requests`, { as: s.adminId, body: {} })).body;
  const root = `/v1/spaces/${space.id}/change-requests/${cr.number}`;
  const write = await s.api.request('POST', `${root}/content`, {
    as: s.adminId,
    body: { changes: [
      { operation: 'insert_page', title: 'Reference', document: { markdown: 'Stored placeholder' }, computed: computed(spec) },
      { operation: 'insert_page', title: 'Guide', document: { markdown: '# Guide\n\nHow to feed the pets.' } },
    ] },
  });
  expectOk(write, 'writeChangeRequestContent');
  expectOk(await s.api.request('POST', `${root}/merge`, { as: s.adminId }), 'mergeChangeRequest');
  const search = async (query: string) => {
    const res = await s.api.request('GET', `/v1/spaces/${space.id}/search?query=${encodeURIComponent(query)}`, { as: s.adminId });
    expectOk(res, 'searchSpaceContent');
    return res.body.items.map((item: { title: string }) => item.title) as string[];
  };
  const orgSearch = async (query: string) => {
    const res = await s.api.request('GET', `/v1/orgs/${s.orgId}/search?query=${encodeURIComponent(query)}`, { as: s.adminId });
    expectOk(res, 'searchOrganizationContent');
    return res.body.items.flatMap((item: { pages: { title: string }[] }) => item.pages.map((p) => p.title)) as string[];
  };
  return { s, space, search, orgSearch, referencePage: write.body.changes[0].page as string };
}

describe('computed pages (OpenAPI references) in search and PDF', () => {
  it('search finds what the reference shows, and follows each new version of the spec', async () => {
    const { s, search, orgSearch } = await spaceWithReference();
    // No spec yet: the page shows (and is found by) the note, never by its stored placeholder.
    expect(await search('placeholder')).toEqual([]);
    expect(await search('processed version')).toEqual(['Reference']);

    await s.send('PUT', `${s.specs}/petstore`, { as: s.adminId, body: { source: { text: v1 } } });
    expect(await search('List all pets')).toEqual(['Reference']);
    expect(await search('stores')).toEqual([]);
    expect(await search('processed version')).toEqual([]);

    const second = await s.send('PUT', `${s.specs}/petstore`, { as: s.adminId, body: { source: { text: v2 } } });
    expect(await search('List stores')).toEqual(['Reference']);
    expect(await orgSearch('List stores')).toEqual(['Reference']);
    // Re-publishing the same document makes no version, and the index stays as it is.
    const again = await s.send('PUT', `${s.specs}/petstore`, { as: s.adminId, body: { source: { text: v2 } } });
    expectOk(again, 'createOrUpdateOpenAPISpecBySlug');
    expect(again.body.lastVersion).toBe(second.body.lastVersion);
    expect(await search('List stores')).toEqual(['Reference']);

    expectOk(await s.api.request('DELETE', `${s.specs}/petstore`, { as: s.adminId }), 'deleteOpenAPISpecBySlug');
    expect(await search('List stores')).toEqual([]);
    expect(await search('processed version')).toEqual(['Reference']);
    // The plain page was never touched.
    expect(await search('feed')).toEqual(['Guide']);
  });

  it('a spec named by id works like one named by slug, and another spec changing leaves the page alone', async () => {
    const setup = await openapiSetup();
    const created = await setup.send('POST', setup.specs, { as: setup.adminId, body: { slug: 'petstore', source: { text: v1 } } });
    const { s, search } = await spaceWithReference(created.body.id, setup);
    expect(await search('List all pets')).toEqual(['Reference']);
    await s.send('PUT', `${s.specs}/petstore`, { as: s.adminId, body: { source: { text: v2 } } });
    expect(await search('List stores')).toEqual(['Reference']);
    const other = await s.send('PUT', `${s.specs}/other`, { as: s.adminId, body: { source: { text: v1 } } });
    expect(other.status, JSON.stringify(other.body)).toBe(201);
    // It really changed: the other spec has a processed version of its own.
    expect(other.body).toMatchObject({ processingState: 'complete', lastVersion: expect.any(String) });
    expect(other.body).not.toHaveProperty('lastProcessErrorCode');
    expect(await search('List stores')).toEqual(['Reference']);
    expect(await search('List all pets')).toEqual(['Reference']);
  });

  it('the PDF of a space renders the reference, not the stored placeholder', async () => {
    const { s, space, referencePage } = await spaceWithReference();
    const pdfPages = async () => {
      const res = await s.api.request('GET', `/v1/spaces/${space.id}/pdf?only=true&page=${referencePage}`, { as: s.adminId });
      expectOk(res, 'getSpacePdf');
      const url = new URL(res.body.url);
      const download = await s.api.app.handleAsync({ method: 'GET', url: url.pathname + url.search, headers: { authorization: `Bearer ${await s.api.tokenFor(s.adminId)}` } });
      return (await PDFDocument.load(download.body as Buffer)).getPageCount();
    };
    expect(await pdfPages()).toBe(1);
    // A spec of 150 operations is a reference of several pages.
    const paths = Array.from({ length: 150 }, (_, i) => `  /things/${i}:\n    get:\n      operationId: getThing${i}\n      summary: Get thing number ${i} with a summary long enough to wrap\n      responses:\n        '200':\n          description: ok\n`).join('');
    const big = `openapi: 3.0.3\ninfo:\n  title: Things\n  version: 1.0.0\npaths:\n${paths}`;
    await s.send('PUT', `${s.specs}/petstore`, { as: s.adminId, body: { source: { text: big } } });
    expect(await pdfPages()).toBeGreaterThan(3);
  });

  it('a database indexed before computed pages were indexed by what they show catches up after the upgrade', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'docsctl-computed-'));
    const file = join(dir, 'docs.db');
    try {
      const first = await spaceWithReference('petstore', await openapiSetup({}, file));
      await first.s.send('PUT', `${first.s.specs}/petstore`, { as: first.s.adminId, body: { source: { text: v1 } } });
      expect(await first.search('List all pets')).toEqual(['Reference']);
      await first.s.engine.close();
      // What migration 7 left: no computed columns, the page indexed by its stored text (and, before
      // migration 11, an index keyed by the sections' rowids).
      const raw = new Database(file);
      raw.exec(`DROP TRIGGER search_sections_ai;
        DROP TRIGGER search_sections_ad;
        DROP TABLE search_fts;
        DROP INDEX search_sections_by_key;
        DROP INDEX search_pages_by_key;
        DROP INDEX search_spaces_by_key;
        ALTER TABLE search_sections DROP COLUMN fts_key;
        ALTER TABLE search_pages DROP COLUMN key;
        ALTER TABLE search_pages DROP COLUMN description;
        ALTER TABLE search_spaces DROP COLUMN key;
        CREATE VIRTUAL TABLE search_fts USING fts5(section_title, body, page_title, content = 'search_sections', content_rowid = 'rowid', tokenize = 'porter unicode61 remove_diacritics 2');
        CREATE TRIGGER search_sections_ai AFTER INSERT ON search_sections BEGIN
          INSERT INTO search_fts (rowid, section_title, body, page_title) VALUES (new.rowid, new.section_title, new.body, new.page_title);
        END;
        CREATE TRIGGER search_sections_ad AFTER DELETE ON search_sections BEGIN
          INSERT INTO search_fts (search_fts, rowid, section_title, body, page_title) VALUES ('delete', old.rowid, old.section_title, old.body, old.page_title);
        END;
        INSERT INTO search_fts (search_fts) VALUES ('rebuild');
        DELETE FROM search_sections WHERE page_id = '${first.referencePage}';
        INSERT INTO search_sections (space_id, page_id, anchor, position, section_title, body, page_title)
          VALUES ('${first.space.id}', '${first.referencePage}', '', 0, 'Reference', 'Stored placeholder', 'Reference');
        DROP INDEX search_pages_by_computed_spec;
        ALTER TABLE search_pages DROP COLUMN computed_spec;
        ALTER TABLE search_pages DROP COLUMN computed_version;
        ALTER TABLE api_tokens DROP COLUMN expires_at;
        ALTER TABLE api_tokens DROP COLUMN scope;
        DROP TABLE audit_log;
        DROP INDEX revision_files_by_blob;
        DROP TABLE space_uploads;
        DROP TABLE blob_chunks;
        ALTER TABLE blobs DROP COLUMN chunks;
        ALTER TABLE revision_files DROP COLUMN git_path;
        DROP TABLE revision_reusable_contents;
        DROP INDEX revisions_by_space_time;
        ALTER TABLE revisions DROP COLUMN created_by;
        DROP INDEX spaces_by_place;
        DROP TABLE webhook_deliveries;
        DROP TABLE webhooks;
        DROP TABLE webhook_events;
        ALTER TABLE sites DROP COLUMN visitor_signing_key;
        ALTER TABLE sites DROP COLUMN visitor_fallback_url;
        ALTER TABLE openapi_spec_versions DROP COLUMN json_text;
        DROP TABLE openapi_spec_parts;
        PRAGMA user_version = 7;`);
      raw.close();

      // Opening the file runs migration 8.
      const engine = await createEngine({ store: new SqliteStore(openDb(file)), clock: manualClock('2026-03-02T10:00:00.000Z'), ids: sequentialIds('again'), publicUrl: PUBLIC_URL });
      const api = testApp(engine);
      const search = async (query: string) =>
        (await api.request('GET', `/v1/spaces/${first.space.id}/search?query=${encodeURIComponent(query)}`, { as: first.s.adminId })).body.items.map((i: { title: string }) => i.title);
      expect(await search('placeholder')).toEqual([]);
      expect(await search('List all pets')).toEqual(['Reference']);
      expect(await search('feed')).toEqual(['Guide']);
      await engine.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
