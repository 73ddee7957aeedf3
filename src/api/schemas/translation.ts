import * as z from 'zod/mini';
import { lazy } from './lazy';
import { DateTime, text } from './common';
import { MAX_LANGUAGES } from '../../domain/limits';

export const TranslationSettings = lazy(() => z.object({
  object: z.literal('translation-settings'),
  id: z.string(),
  title: z.string(),
  languages: z.array(z.string()),
  createdAt: DateTime,
  updatedAt: DateTime,
  permissions: z.object({ view: z.boolean(), edit: z.boolean() }),
  urls: z.object({ location: z.string() }),
}));

/** Codes are canonicalized and checked by the engine (Intl.getCanonicalLocales). */
const Languages = lazy(() => z.array(text(1, 35)).check(z.maxLength(MAX_LANGUAGES)));
export const TranslationSettingsBody = lazy(() => z.strictObject({ title: text(1, 100), languages: z.optional(Languages) }));
