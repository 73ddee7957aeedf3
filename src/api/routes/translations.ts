import { route } from './route';
import { listOf, PagingQuery } from '../schemas/common';
import { TranslationSettings, TranslationSettingsBody } from '../schemas/translation';

const tag = 'Translations';
const translations = '/v1/orgs/{organizationId}/translations' as const;
const one = `${translations}/{translationSettingsId}` as const;

export const listTranslations = route({
  operationId: 'listTranslations', tag, method: 'GET', path: translations, status: 200,
  summary: 'List translation settings, oldest first', query: PagingQuery, response: listOf(TranslationSettings),
});
export const createTranslation = route({
  operationId: 'createTranslation', tag, method: 'POST', path: translations, status: 201,
  summary: 'Create translation settings (title, languages as BCP 47 codes)', body: TranslationSettingsBody, response: TranslationSettings,
});
export const getTranslationById = route({
  operationId: 'getTranslationById', tag, method: 'GET', path: one, status: 200,
  summary: 'Get translation settings', response: TranslationSettings,
});
export const updateTranslationById = route({
  operationId: 'updateTranslationById', tag, method: 'PUT', path: one, status: 200,
  summary: 'Replace the title (and the languages when given)', body: TranslationSettingsBody, response: TranslationSettings,
});
export const deleteTranslationById = route({
  operationId: 'deleteTranslationById', tag, method: 'DELETE', path: one, status: 205,
  summary: 'Delete translation settings',
});
