import * as z from 'zod/mini';
import { DateTime, text } from './common';
import { FIELD_TYPES } from '../../engine/values';

export const CustomField = z.object({
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
});

const Options = z.array(text(1, 100)).check(z.minLength(1), z.maxLength(50));
const details = {
  title: z.optional(text(0, 100)),
  description: z.optional(text(0, 200)),
  placeholder: z.optional(text(0, 100)),
  options: z.optional(Options),
};

export const CustomFieldCreate = z.strictObject({
  name: text(1, 50).check(z.regex(/^[a-z_\-0-9]+$/)),
  type: z.enum(FIELD_TYPES),
  ...details,
});
export const CustomFieldPatch = z.strictObject(details);

export const FieldValue = z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]);
export const SpaceFieldValue = z.object({ customField: CustomField, value: FieldValue });
export const SpaceFieldValuesPatch = z.strictObject({
  values: z.record(z.string().check(z.minLength(1), z.maxLength(50)), z.strictObject({ value: z.nullable(FieldValue) })),
});
