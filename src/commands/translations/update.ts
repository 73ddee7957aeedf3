import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { translationDetail } from './columns';

export function registerUpdate(group: Command, ctx: Context): void {
  group
    .command('update')
    .argument('<id>', 'translation settings id')
    .option('--title <title>', 'the new title (default: keep it)')
    .option('--language <codes...>', 'replace the languages with these BCP 47 codes')
    .description('change the title and/or the languages of translation settings (create role or higher)')
    .addHelpText('after', '\nExamples:\n  $ docsctl translations update TRANSLATION_ID --title "European languages"\n  $ docsctl translations update TRANSLATION_ID --language fr de it')
    .action(async (translationSettingsId: string, opts: { title?: string; language?: string[] }) => {
      const organizationId = await ctx.organizationId();
      const api = await ctx.client();
      const params = { organizationId, translationSettingsId };
      // The API's PUT needs the title: keep the current one unless a new one is given.
      const title = opts.title ?? (await api.call(routes.getTranslationById, { params })).title;
      const updated = await api.call(routes.updateTranslationById, { params, body: { title, languages: opts.language } });
      ctx.out.message(`Updated translation settings ${updated.id}.`);
      await ctx.out.object(updated, translationDetail);
    });
}
