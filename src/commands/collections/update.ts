import { Option, type Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { UsageError } from '../../errors';
import { ROLES, type Role } from '../../domain/roles';
import { collectionDetail } from './columns';
import { nullable } from '../shared/nullable';

interface Opts {
  title?: string;
  description?: string;
  defaultLevel?: string;
}

export function registerUpdate(group: Command, ctx: Context): void {
  group
    .command('update')
    .argument('<id>', 'collection id')
    .description('rename a collection, describe it, or set the role everyone in the organization has on it')
    .option('--title <title>', 'new title (1-50 characters)')
    .option('--description <text>', 'new description (up to 100 characters; "" clears it)')
    .addOption(new Option('--default-level <role>', 'role every member gets on its content (guest = none)').choices([...ROLES, 'guest']))
    .addHelpText('after', '\nExamples:\n  $ docsctl collections update COLLECTION_ID --title "Public APIs"\n  $ docsctl collections update COLLECTION_ID --description "Reference docs" --default-level read')
    .action(async (collectionId: string, opts: Opts) => {
      if (opts.title === undefined && opts.description === undefined && opts.defaultLevel === undefined) {
        throw new UsageError('nothing to update: pass --title, --description or --default-level');
      }
      const api = await ctx.client();
      const updated = await api.call(routes.updateCollectionById, {
        params: { collectionId },
        body: { title: opts.title, description: opts.description, defaultLevel: nullable(opts.defaultLevel) as Role | null | undefined },
      });
      ctx.out.message(`Updated collection ${updated.title} (${updated.id}).`);
      await ctx.out.object(updated, collectionDetail);
    });
}
