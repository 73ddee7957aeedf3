import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { translationDetail } from './columns';

export function registerCreate(group: Command, ctx: Context): void {
  group
    .command('create')
    .requiredOption('--title <title>', 'a name for the setting (1-100 characters)')
    .option('--language <codes...>', 'BCP 47 language codes such as fr, pt-BR, zh-Hant (at most 50)')
    .description('create translation settings (create role or higher)')
    .addHelpText('after', '\nExamples:\n  $ docsctl translations create --title "Docs in French and German" --language fr de\n  $ docsctl translations create --title Portuguese --language pt-BR --json')
    .action(async (opts: { title: string; language?: string[] }) => {
      const organizationId = await ctx.organizationId();
      const api = await ctx.client();
      const created = await api.call(routes.createTranslation, { params: { organizationId }, body: { title: opts.title, languages: opts.language } });
      ctx.out.message(`Created translation settings ${created.id} (${created.languages.join(', ') || 'no languages'}).`);
      await ctx.out.object(created, translationDetail);
    });
}
