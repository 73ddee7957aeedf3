import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { UsageError } from '../../errors';
import { pagingQuery, withPaging, type PagingOptions } from '../shared/paging';
import { printList } from '../shared/list';
import { siteColumns } from './columns';

interface Opts extends PagingOptions {
  space?: string;
  title?: string;
  published?: boolean;
  unpublished?: boolean;
}

export function registerList(group: Command, ctx: Context): void {
  withPaging(group.command('list').description('list the docs sites of the organization, oldest first'))
    .option('--space <id>', 'only sites showing this space')
    .option('--title <text>', 'only sites whose title contains this (case-insensitive)')
    .option('--published', 'only published sites')
    .option('--unpublished', 'only unpublished sites')
    .addHelpText('after', '\nExamples:\n  $ docsctl sites list\n  $ docsctl sites list --published --title docs\n  $ docsctl sites list --space SPACE_ID --json | jq -r ".items[].urls.published"')
    .action(async (opts: Opts) => {
      if (opts.published && opts.unpublished) throw new UsageError('--published and --unpublished cannot be combined');
      const organizationId = await ctx.organizationId();
      const published = opts.published ? true : opts.unpublished ? false : undefined;
      const query = { ...pagingQuery(opts), space: opts.space, title: opts.title, published };
      await printList(ctx, opts, routes.listSites, { params: { organizationId }, query }, siteColumns);
    });
}
