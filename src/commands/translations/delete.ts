import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';

export function registerDelete(group: Command, ctx: Context): void {
  group
    .command('delete')
    .argument('<id>', 'translation settings id')
    .option('-y, --yes', 'do not ask for confirmation')
    .description('delete translation settings')
    .addHelpText('after', '\nExamples:\n  $ docsctl translations delete TRANSLATION_ID\n  $ docsctl translations delete TRANSLATION_ID --yes')
    .action(async (translationSettingsId: string, opts: { yes?: boolean }) => {
      const organizationId = await ctx.organizationId();
      const api = await ctx.client();
      const params = { organizationId, translationSettingsId };
      const current = await api.call(routes.getTranslationById, { params });
      await ctx.confirm(`Delete translation settings "${current.title}"?`, opts.yes);
      await api.call(routes.deleteTranslationById, { params });
      ctx.out.message(`Deleted translation settings ${current.id}.`);
    });
}
