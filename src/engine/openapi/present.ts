import type { Core } from '../core';
import type { Membership } from '../access';
import { organizationPermissions } from '../access';

export interface SpecRow {
  id: string;
  organization_id: string;
  slug: string;
  source_url: string | null;
  processing_state: 'pending' | 'progress' | 'complete';
  last_version_id: string | null;
  last_processed_at: string | null;
  last_error_code: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

export interface VersionRow {
  id: string;
  spec_id: string;
  number: number;
  sha256: string;
  filename: string;
  text: string;
  title: string | null;
  api_version: string | null;
  created_at: string;
}

const specPath = (spec: Pick<SpecRow, 'organization_id' | 'slug'>) => `/orgs/${spec.organization_id}/openapi/${spec.slug}`;

export function presentSpec(core: Core, row: SpecRow, caller: Membership) {
  return {
    object: 'openapi-spec' as const,
    id: row.id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    slug: row.slug,
    ...(row.source_url ? { sourceURL: row.source_url } : {}),
    processingState: row.processing_state,
    ...(row.last_version_id ? { lastVersion: row.last_version_id } : {}),
    ...(row.last_processed_at ? { lastProcessedAt: row.last_processed_at } : {}),
    // Processing stops at the first error: the last processing had one or none.
    lastProcessedErrorCount: row.last_error_code ? 1 : 0,
    ...(row.last_error_code ? { lastProcessErrorCode: row.last_error_code as 'FETCH_TIMEOUT' | 'FETCH_ERROR' | 'PARSE_ERROR' } : {}),
    // docsctl's addition: what went wrong, in words.
    ...(row.last_error ? { lastProcessError: row.last_error } : {}),
    permissions: { view: caller.role != null, edit: organizationPermissions(caller.role).createOpenAPISpec },
    urls: { location: core.apiUrl(specPath(row)), app: core.appUrl(`/o/${row.organization_id}/openapi/${row.slug}`) },
  };
}

export type OpenApiSpec = ReturnType<typeof presentSpec>;

/** Where this instance serves a version's document as published. */
export const rawUrl = (core: Core, spec: SpecRow, versionId: string) => core.apiUrl(`${specPath(spec)}/versions/${versionId}/raw`);

export function presentVersion(core: Core, spec: SpecRow, row: Omit<VersionRow, 'text'>) {
  return {
    object: 'openapi-spec-version' as const,
    id: row.id,
    createdAt: row.created_at,
    url: rawUrl(core, spec, row.id),
    // docsctl's additions: the version's place in the spec's history and what the document says it is.
    number: row.number,
    sha256: row.sha256,
    ...(row.title !== null ? { title: row.title } : {}),
    ...(row.api_version !== null ? { apiVersion: row.api_version } : {}),
    urls: { location: core.apiUrl(`${specPath(spec)}/versions/${row.id}`) },
  };
}

export type OpenApiSpecVersion = ReturnType<typeof presentVersion>;
