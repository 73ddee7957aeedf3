import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { CliError, EXIT } from '../../errors';
import { withSpace } from './space';
import { printConflicts } from '../shared/conflicts';

/** `merge` and `update-from-main`: a three-way merge one way or the other; conflicts are listed and change nothing. */
export function registerMergeLike(
  group: Command,
  ctx: Context,
  name: string,
  description: string,
  route: typeof routes.mergeChangeRequest | typeof routes.updateChangeRequestFromMain,
  done: string,
): void {
  withSpace(group.command(name).argument('<change-request>', 'id or number').description(description))
    .addHelpText('after', `\nExamples:\n  $ docsctl cr ${name} ${name === 'merge' ? 2 : 3} --space SPACE_ID\n\nExit code 6 when pages conflict; nothing is changed then. Each conflicting page is listed with its
path and title and which side changed or deleted it (piped: ID, PATH, TITLE, CONFLICT separated by
tabs); --json prints the API's answer, the ids alone.`)
    .action(async (changeRequestId: string, opts: { space: string }) => {
      const api = await ctx.client();
      const result = await api.call(route as typeof routes.mergeChangeRequest, { params: { spaceId: opts.space, changeRequestId } });
      if (ctx.out.json) ctx.out.raw(result);
      if (result.result === 'conflicts') {
        if (!ctx.out.json) await printConflicts(ctx, api, opts.space, changeRequestId, result.conflicts ?? []);
        throw new CliError(`conflicts on ${result.conflicts?.length ?? 0} page(s): nothing was changed`, EXIT.conflict);
      }
      ctx.out.message(`${done} (revision ${result.revision}).`);
    });
}

export function registerMerge(group: Command, ctx: Context): void {
  registerMergeLike(group, ctx, 'merge', 'merge into the space (three-way, page by page)', routes.mergeChangeRequest, 'Merged');
}
