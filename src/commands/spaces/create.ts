import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { spaceDetail } from './columns';

interface Opts {
  title?: string;
  emoji?: string;
  collection?: string;
  locked?: boolean;
}

export function registerCreate(group: Command, ctx: Context): void {
  group
    .command('create')
    .description('create a space, at the top level or in a collection')
    .option('--title <title>', 'space title (1-50 characters; default "Untitled")')
    .option('--emoji <emoji>', 'emoji shown next to the title')
    .option('--collection <id>', 'create it in this collection')
    .option('--locked', 'edit only through change requests (edit mode "locked")')
    .addHelpText('after', '\nExamples:\n  $ docsctl spaces create --title "API reference" --emoji 📘\n  $ docsctl spaces create --title Runbooks --collection COLLECTION_ID --locked')
    .action(async (opts: Opts) => {
      const organizationId = await ctx.organizationId();
      const api = await ctx.client();
      const space = await api.call(routes.createSpace, {
        params: { organizationId },
        body: { title: opts.title, emoji: opts.emoji, parent: opts.collection, editMode: opts.locked ? 'locked' : undefined },
      });
      ctx.out.message(`Created space ${space.title} (${space.id}).`);
      await ctx.out.object(space, spaceDetail);
    });
}
