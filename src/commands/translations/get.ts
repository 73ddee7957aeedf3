import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { translationDetail } from './columns';

export function registerGet(group: Command, ctx: Context): void {
  group
    .command('get')
    .argument('<id>', 'translation settings id')
    .description('show one translation setting')
    .addHelpText('after', '\nExamples:\n  $ docsctl translations get TRANSLATION_ID')
    .action(async (translationSettingsId: string) => {
      const organizationId = await ctx.organizationId();
      const api = await ctx.client();
      await ctx.out.object(await api.call(routes.getTranslationById, { params: { organizationId, translationSettingsId } }), translationDetail);
    });
}
