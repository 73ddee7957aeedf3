import * as z from 'zod/mini';
import { lazy } from './lazy';
import { DateTime, text, uri } from './common';
import { MAX_SPEC_TEXT } from '../../domain/openapi-limits';

export const SpecSlug = text(1, 100).check(z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'must be lowercase letters and digits in words joined by single hyphens' }));

/** `{ url }` (fetched by the instance) or `{ text }` (the document itself, JSON or YAML). */
export const SpecSource = lazy(() => z.union([
  z.strictObject({ url: uri(2048) }),
  z.strictObject({ text: text(1, MAX_SPEC_TEXT) }),
]));

export const OpenAPISpec = lazy(() => z.object({
  object: z.literal('openapi-spec'),
  id: z.string(),
  createdAt: DateTime,
  updatedAt: DateTime,
  slug: z.string(),
  sourceURL: z.optional(z.string()),
  processingState: z.enum(['pending', 'progress', 'complete']),
  lastVersion: z.optional(z.string()),
  lastProcessedAt: z.optional(DateTime),
  lastProcessedErrorCount: z.optional(z.number()),
  lastProcessErrorCode: z.optional(z.enum(['FETCH_TIMEOUT', 'FETCH_ERROR', 'PARSE_ERROR'])),
  lastProcessError: z.optional(z.string()),
  permissions: z.object({ view: z.boolean(), edit: z.boolean() }),
  urls: z.object({ location: z.string(), app: z.string() }),
}));

export const OpenAPISpecVersion = lazy(() => z.object({
  object: z.literal('openapi-spec-version'),
  id: z.string(),
  createdAt: z.optional(DateTime),
  url: z.string().check(z.maxLength(2048)),
  number: z.number(),
  sha256: z.string(),
  title: z.optional(z.string()),
  apiVersion: z.optional(z.string()),
  urls: z.object({ location: z.string() }),
}));

export const OpenAPISpecContent = lazy(() => z.object({
  filesystem: z.record(z.string(), z.string()),
  url: z.string(),
  urls: z.optional(z.object({ source: z.string(), public: z.nullable(z.string()) })),
}));

export const OpenAPISpecCreate = lazy(() => z.strictObject({ slug: SpecSlug, source: SpecSource }));
export const OpenAPISpecPut = lazy(() => z.strictObject({ source: SpecSource }));
