import type { Actor, Core } from './core';
import { invalid, notFound } from './errors';
import { organizationPermissions, requireRight, type Membership } from './access';
import { keysetPage, type PageRequest } from './pagination';
import { MAX_LANGUAGES } from '../domain/limits';

interface SettingsRow {
  id: string;
  organization_id: string;
  title: string;
  languages: string;
  created_at: string;
  updated_at: string;
}

export interface TranslationInput {
  title: string;
  languages?: string[];
}

/**
 * Language codes in canonical BCP 47 form (`pt-br` -> `pt-BR`, `zh-hant` -> `zh-Hant`), without
 * duplicates, in the order given. Anything `Intl.getCanonicalLocales` refuses is 400 naming the entry.
 */
export function canonicalLanguages(languages: string[]): string[] {
  const out: string[] = [];
  languages.forEach((code, i) => {
    let canonical: string;
    try {
      // Private-use (`x-...`) and grandfathered tags are valid BCP 47 but name no language to translate into.
      if (!/^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/.test(code)) throw new RangeError(code);
      [canonical] = Intl.getCanonicalLocales(code);
    } catch {
      throw invalid(`languages[${i}]: "${code}" is not a BCP 47 language code (such as fr, pt-BR or zh-Hant)`);
    }
    if (!out.includes(canonical)) out.push(canonical);
  });
  if (out.length > MAX_LANGUAGES) throw invalid(`languages: must list at most ${MAX_LANGUAGES} languages`);
  return out;
}

function present(core: Core, row: SettingsRow, caller: Membership) {
  return {
    object: 'translation-settings' as const,
    id: row.id,
    title: row.title,
    languages: JSON.parse(row.languages) as string[],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    permissions: { view: caller.role != null, edit: organizationPermissions(caller.role).createContent },
    urls: { location: core.apiUrl(`/orgs/${row.organization_id}/translations/${row.id}`) },
  };
}

export type TranslationSettings = Awaited<ReturnType<typeof present>>;

/** Translation settings of an organization: members with a role see them; `create` or higher edit them. */
export function translationsModule(core: Core) {
  const viewer = async (actor: Actor, organizationId: string) => await requireRight(core, actor, organizationId, 'listMembers');
  const editor = async (actor: Actor, organizationId: string) => await requireRight(core, actor, organizationId, 'createContent');

  async function row(organizationId: string, id: string): Promise<SettingsRow> {
    const found = await core.get<SettingsRow>('SELECT * FROM translation_settings WHERE organization_id = ? AND id = ?', [organizationId, id]);
    if (!found) throw notFound(`translation settings ${id} not found in organization ${organizationId}`);
    return found;
  }

  return {
    async list(actor: Actor, organizationId: string, page: PageRequest) {
      const caller = await viewer(actor, organizationId);
      return await keysetPage<SettingsRow, TranslationSettings>(core, {
        listing: 'translations',
        from: 'translation_settings',
        columns: '*',
        where: ['organization_id = ?'],
        args: [organizationId],
        orderBy: ['created_at', 'id'],
        direction: 'asc',
        keyOf: (r) => [r.created_at, r.id],
        present: (r) => present(core, r, caller),
      }, page);
    },

    async create(actor: Actor, organizationId: string, input: TranslationInput): Promise<TranslationSettings> {
      const caller = await editor(actor, organizationId);
      const languages = canonicalLanguages(input.languages ?? []);
      return await core.write(async () => {
        const id = core.newId();
        const now = core.now();
        await core.run('INSERT INTO translation_settings (id, organization_id, title, languages, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)', [
          id, organizationId, input.title, JSON.stringify(languages), now, now,
        ]);
        return present(core, await row(organizationId, id), caller);
      });
    },

    async get(actor: Actor, organizationId: string, id: string): Promise<TranslationSettings> {
      return present(core, await row(organizationId, id), await viewer(actor, organizationId));
    },

    /** Replaces the title; `languages` when given (kept otherwise). */
    async update(actor: Actor, organizationId: string, id: string, input: TranslationInput): Promise<TranslationSettings> {
      const caller = await editor(actor, organizationId);
      const languages = input.languages === undefined ? undefined : canonicalLanguages(input.languages);
      return await core.write(async () => {
        const current = await row(organizationId, id);
        await core.run('UPDATE translation_settings SET title = ?, languages = ?, updated_at = ? WHERE id = ?', [
          input.title, languages ? JSON.stringify(languages) : current.languages, core.now(), id,
        ]);
        return present(core, await row(organizationId, id), caller);
      });
    },

    async remove(actor: Actor, organizationId: string, id: string): Promise<void> {
      await editor(actor, organizationId);
      await core.write(async () => await core.run('DELETE FROM translation_settings WHERE id = ?', [(await row(organizationId, id)).id]));
    },
  };
}
