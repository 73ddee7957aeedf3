import type { Actor, Core } from '../core';
import { conflict, invalid, notFound } from '../errors';
import { requireRight } from '../access';
import { keysetPage, type PageRequest } from '../pagination';
import { openapiLimits } from '../../domain/openapi-limits';
import { SpecParseError, type SpecDocument } from '../../openapi-document/document';
import { readSpec } from '../../openapi-document/read-spec';
import { SpecBoundError } from '../../openapi-document/spec-bound';
import { fetchSpecText, SpecProcessError } from '../../openapi-document/fetch-source';
import { computedSpecChanged } from '../content/search-index';
import { rowWriter } from '../insert-rows';
import { HEAD_BUCKET } from '../../openapi-document/parts';
import { emit } from '../webhooks';
import { presentSpec, presentVersion, rawUrl, type OpenApiSpec, type OpenApiSpecVersion, type SpecRow, type VersionRow } from './present';

export type SpecSource = { url: string } | { text: string };

/** What a publish answers: the spec in its final state, and whether this request created it. */
export interface Published {
  spec: OpenApiSpec;
  created: boolean;
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const VERSION_COLUMNS = 'id, spec_id, number, sha256, filename, title, api_version, created_at';

/** OpenAPI specifications published from CI, with their versions (issue 7). */
/** What else follows a new version of a spec (the API reference sections that show it: sites/api-reference.ts). */
export type OnNewVersion = (actor: Actor, organizationId: string, slug: string) => Promise<void>;

export function openapiModule(core: Core, onNewVersion?: OnNewVersion) {
  const limits = () => openapiLimits(core.openapiLimits);

  /** Members with a role see specs; guests and outsiders do not (404 for outsiders). */
  const viewer = async (actor: Actor, organizationId: string) => await requireRight(core, actor, organizationId, 'listMembers');
  const editor = async (actor: Actor, organizationId: string) => await requireRight(core, actor, organizationId, 'createOpenAPISpec');

  async function specRow(organizationId: string, slug: string): Promise<SpecRow> {
    const row = await core.get<SpecRow>('SELECT * FROM openapi_specs WHERE organization_id = ? AND slug = ?', [organizationId, slug]);
    if (!row) throw notFound(`OpenAPI spec ${slug} not found in organization ${organizationId}`);
    return row;
  }

  /** A version by id, or `latest` for the newest one. */
  async function versionRow(spec: SpecRow, versionId: string, columns = VERSION_COLUMNS): Promise<VersionRow> {
    const row = versionId === 'latest'
      ? await core.get<VersionRow>(`SELECT ${columns} FROM openapi_spec_versions WHERE spec_id = ? ORDER BY number DESC LIMIT 1`, [spec.id])
      : await core.get<VersionRow>(`SELECT ${columns} FROM openapi_spec_versions WHERE spec_id = ? AND id = ?`, [spec.id, versionId]);
    if (!row) throw notFound(versionId === 'latest' ? `OpenAPI spec ${spec.slug} has no version yet` : `version ${versionId} not found in OpenAPI spec ${spec.slug}`);
    return row;
  }

  /** Fetches (for a URL) and reads the document; failures carry the spec's error code. */
  async function load(source: SpecSource): Promise<SpecDocument> {
    const text = 'url' in source ? await fetchSpecText(source.url, limits(), core.importLimits?.refusePrivateAddresses ?? false) : source.text;
    try {
      return await readSpec(text, limits());
    } catch (error) {
      if (error instanceof SpecParseError) throw new SpecProcessError('PARSE_ERROR', `the document is not a valid OpenAPI document: ${error.message}`);
      if (error instanceof SpecBoundError) throw new SpecProcessError('PARSE_ERROR', error.message);
      throw error;
    }
  }

  /**
   * Records the outcome of a processing. A new document (not the latest version's content) becomes a
   * new version; the same one again changes nothing but the processing fields. A failure keeps
   * `lastVersion` as it was.
   */
  async function finish(specId: string, outcome: { document: SpecDocument } | { error: SpecProcessError }): Promise<SpecRow> {
    return await core.write(async () => {
      const spec = await core.get<SpecRow>('SELECT * FROM openapi_specs WHERE id = ?', [specId]);
      if (!spec) throw notFound('the OpenAPI spec was deleted while it was being processed');
      const now = core.now();
      if ('error' in outcome) {
        await core.run(
          "UPDATE openapi_specs SET processing_state = 'complete', last_processed_at = ?, last_error_code = ?, last_error = ?, updated_at = ? WHERE id = ?",
          [now, outcome.error.code, outcome.error.message, now, specId],
        );
      } else {
        const { document } = outcome;
        const latest = await core.get<{ id: string; number: number; sha256: string }>(
          'SELECT id, number, sha256 FROM openapi_spec_versions WHERE spec_id = ? ORDER BY number DESC LIMIT 1', [specId],
        );
        let versionId = latest?.id ?? null;
        if (latest?.sha256 !== document.sha256) {
          versionId = core.newId();
          await core.run(
            'INSERT INTO openapi_spec_versions (id, spec_id, number, sha256, filename, text, title, api_version, created_at, json_text) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
            [versionId, specId, (latest?.number ?? 0) + 1, document.sha256, document.filename, document.text, document.title ?? null, document.version ?? null, now, document.json ?? null],
          );
          // The document cut into parts, which a page showing an operation reads instead of the whole document.
          if (document.parts) {
            const rows = [[versionId, HEAD_BUCKET, document.parts.head], ...document.parts.buckets.map(({ bucket, text }) => [versionId, bucket, text])];
            const parts = rowWriter(core, 'INSERT INTO openapi_spec_parts (version_id, bucket, text)');
            for (const row of rows) await parts.add(row);
            await parts.flush();
          }
          await computedSpecChanged(core, spec.organization_id, [spec.slug, spec.id]);
          await emit(core, spec.organization_id, 'openapi_spec_version_created', {
            spec: { id: spec.id, slug: spec.slug },
            version: { id: versionId, number: (latest?.number ?? 0) + 1, title: document.title ?? null, apiVersion: document.version ?? null, sha256: document.sha256, createdAt: now },
          });
        }
        await core.run(
          "UPDATE openapi_specs SET processing_state = 'complete', last_version_id = ?, last_processed_at = ?, last_error_code = NULL, last_error = NULL, updated_at = ? WHERE id = ?",
          [versionId, now, now, specId],
        );
      }
      return (await core.get<SpecRow>('SELECT * FROM openapi_specs WHERE id = ?', [specId]))!;
    });
  }

  /** Creates (`mode: create`, 409 when the slug exists) or creates-or-updates a spec, then processes it inline. */
  async function publish(actor: Actor, organizationId: string, slug: string, source: SpecSource, mode: 'create' | 'put'): Promise<Published> {
    const caller = await editor(actor, organizationId);
    // POST's slug is checked by the body schema; PUT's comes from the path.
    if (!SLUG.test(slug) || slug.length > 100) throw invalid(`specSlug: must be 1 to 100 lowercase letters and digits in words joined by single hyphens`);
    const sourceUrl = 'url' in source ? source.url : null;
    let before: string | null = null;
    // The row is created or reset to `pending`, then `progress` while the document is fetched and read.
    const { id, created } = await core.write(async () => {
      const now = core.now();
      const existing = await core.get<SpecRow>('SELECT * FROM openapi_specs WHERE organization_id = ? AND slug = ?', [organizationId, slug]);
      if (existing && mode === 'create') throw conflict(`slug: an OpenAPI spec named ${slug} already exists (use PUT to update it)`);
      before = existing?.last_version_id ?? null;
      if (existing) {
        await core.run("UPDATE openapi_specs SET processing_state = 'pending', source_url = ?, updated_at = ? WHERE id = ?", [sourceUrl, now, existing.id]);
        return { id: existing.id, created: false };
      }
      const newId = core.newId();
      await core.run(
        "INSERT INTO openapi_specs (id, organization_id, slug, source_url, processing_state, created_at, updated_at) VALUES (?, ?, ?, ?, 'pending', ?, ?)",
        [newId, organizationId, slug, sourceUrl, now, now],
      );
      return { id: newId, created: true };
    });
    await core.write(async () => await core.run("UPDATE openapi_specs SET processing_state = 'progress' WHERE id = ?", [id]));
    let outcome: Parameters<typeof finish>[1];
    try {
      outcome = { document: await load(source) };
    } catch (error) {
      if (!(error instanceof SpecProcessError)) throw error;
      outcome = { error };
    }
    const finished = await finish(id, outcome);
    if (finished.last_version_id && finished.last_version_id !== before) await onNewVersion?.(actor, organizationId, slug);
    return { spec: presentSpec(core, finished, caller), created };
  }

  return {
    async list(actor: Actor, organizationId: string, page: PageRequest) {
      const caller = await viewer(actor, organizationId);
      return await keysetPage<SpecRow, OpenApiSpec>(core, {
        listing: 'openapi-specs',
        from: 'openapi_specs',
        columns: '*',
        where: ['organization_id = ?'],
        args: [organizationId],
        orderBy: ['slug'],
        direction: 'asc',
        keyOf: (r) => [r.slug],
        present: (r) => presentSpec(core, r, caller),
      }, page);
    },

    create: (actor: Actor, organizationId: string, body: { slug: string; source: SpecSource }) =>
      publish(actor, organizationId, body.slug, body.source, 'create').then((p) => p.spec),

    put: (actor: Actor, organizationId: string, slug: string, body: { source: SpecSource }) => publish(actor, organizationId, slug, body.source, 'put'),

    async get(actor: Actor, organizationId: string, slug: string): Promise<OpenApiSpec> {
      const caller = await viewer(actor, organizationId);
      return presentSpec(core, await specRow(organizationId, slug), caller);
    },

    /** Deletes the spec and its versions. */
    async remove(actor: Actor, organizationId: string, slug: string): Promise<void> {
      await editor(actor, organizationId);
      await core.write(async () => {
        const spec = await specRow(organizationId, slug);
        await core.run('DELETE FROM openapi_specs WHERE id = ?', [spec.id]);
        await computedSpecChanged(core, organizationId, [spec.slug, spec.id]);
      });
    },

    /** Versions, newest first. */
    async versions(actor: Actor, organizationId: string, slug: string, page: PageRequest) {
      await viewer(actor, organizationId);
      const spec = await specRow(organizationId, slug);
      return await keysetPage<VersionRow, OpenApiSpecVersion>(core, {
        listing: 'openapi-spec-versions',
        from: 'openapi_spec_versions',
        columns: VERSION_COLUMNS,
        where: ['spec_id = ?'],
        args: [spec.id],
        orderBy: ['number'],
        direction: 'desc',
        keyOf: (r) => [r.number],
        present: (r) => presentVersion(core, spec, r),
      }, page);
    },

    async version(actor: Actor, organizationId: string, slug: string, versionId: string): Promise<OpenApiSpecVersion> {
      await viewer(actor, organizationId);
      const spec = await specRow(organizationId, slug);
      return presentVersion(core, spec, await versionRow(spec, versionId));
    },

    /** The stored files (`{ "openapi.yaml": text }` or `openapi.json`) and the URL serving the document. */
    async content(actor: Actor, organizationId: string, slug: string, versionId: string) {
      await viewer(actor, organizationId);
      const spec = await specRow(organizationId, slug);
      const row = await versionRow(spec, versionId, 'id, filename, text');
      const url = rawUrl(core, spec, row.id);
      // `public` is null: versions are served to members only, never publicly (docs/decisions.md).
      return { filesystem: { [row.filename]: row.text }, url, urls: { source: spec.source_url ?? url, public: null } };
    },

    /** The document as published, with its media type. */
    async raw(actor: Actor, organizationId: string, slug: string, versionId: string): Promise<{ contentType: string; bytes: Buffer }> {
      await viewer(actor, organizationId);
      const row = await versionRow(await specRow(organizationId, slug), versionId, 'id, filename, text');
      return { contentType: row.filename.endsWith('.json') ? 'application/json; charset=utf-8' : 'application/yaml; charset=utf-8', bytes: Buffer.from(row.text) };
    },
  };
}

