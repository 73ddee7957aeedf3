import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { printContentDiff } from '../shared/content-diff';

export function registerDiff(group: Command, ctx: Context): void {
  group.command('diff').description('what changed between two revisions of a space: pages added, removed, moved and changed, with a unified diff of their markdown')
    .requiredOption('--space <id>', 'the space')
    .option('--to <revision>', 'the later revision (default: the space\'s current one)')
    .option('--from <revision>', 'the earlier revision (default: the first parent of --to, i.e. what the last merge or edit changed)')
    .addHelpText('after', [
      '',
      'Revisions come from `docsctl revisions list`. A page diff past 2000 changed lines shows the part that',
      'differs replaced whole; past 1 MiB of diffs, pages are listed without theirs (docs/decisions.md).',
      '',
      'Examples:',
      '  $ docsctl content diff --space SPACE_ID',
      '  $ docsctl content diff --space SPACE_ID --from REVISION_ID',
      '  $ docsctl content diff --space SPACE_ID --to REVISION_ID --json',
    ].join('\n'))
    .action(async (opts: { space: string; from?: string; to?: string }) => {
      const api = await ctx.client();
      const to = opts.to ?? (await api.call(routes.getSpaceById, { params: { spaceId: opts.space } })).revision;
      const diff = await api.call(routes.getRevisionDiff, { params: { spaceId: opts.space, revisionId: to }, query: { from: opts.from } });
      if (ctx.out.json) return ctx.out.raw(diff);
      ctx.out.message(`Revision ${diff.from ?? '(none: the first revision)'} → ${diff.to}`);
      if (!printContentDiff(ctx, diff)) ctx.out.message('No differences.');
    });
}
