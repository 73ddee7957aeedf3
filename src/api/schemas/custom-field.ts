import * as z from 'zod/mini';
import { lazy } from './lazy';
import { DateTime, text } from './common';
import { FIELD_TYPES } from '../../domain/values';

export const CustomField = lazy(() => z.object({
  object: z.optional(z.literal('custom-field')),
  id: z.string(),
  name: z.string(),
  title: z.string(),
  description: z.string(),
  type: z.enum(FIELD_TYPES),
  placeholder: z.string(),
  options: z.array(z.string()),
  createdAt: DateTime,
  updatedAt: DateTime,
  urls: z.object({ location: z.string() }),
  permissions: z.object({ view: z.boolean(), edit: z.boolean() }),
}));

const Options = lazy(() => z.array(text(1, 100)).check(z.minLength(1), z.maxLength(50)));
const details = lazy(() => ({
  title: z.optional(text(0, 100)),
  description: z.optional(text(0, 200)),
  placeholder: z.optional(text(0, 100)),
  options: z.optional(Options),
}));

export const CustomFieldCreate = lazy(() => z.strictObject({
  name: text(1, 50).check(z.regex(/^[a-z_\-0-9]+$/)),
  type: z.enum(FIELD_TYPES),
  ...details,
}));
export const CustomFieldPatch = lazy(() => z.strictObject({ ...details }));

export const FieldValue = lazy(() => z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]));
export const SpaceFieldValue = lazy(() => z.object({ customField: CustomField, value: FieldValue }));
export const SpaceFieldValuesPatch = lazy(() => z.strictObject({
  values: z.record(z.string().check(z.minLength(1), z.maxLength(50)), z.strictObject({ value: z.nullable(FieldValue) })),
}));
