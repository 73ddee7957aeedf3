import { Option, type Command } from 'commander';
import { UsageError } from '../../errors';

/** `--limit` and `--page` for list verbs; the API caps a page at 1000 items. */
export function withPaging(command: Command): Command {
  return command
    .addOption(new Option('--limit <n>', 'items per page (1-1000)').default('100'))
    .option('--page <cursor>', 'page cursor printed by the previous page');
}

export function pagingQuery(opts: { limit?: string; page?: string }): { limit: number; page?: string } {
  const limit = Number(opts.limit ?? 100);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new UsageError('--limit: must be a whole number from 1 to 1000');
  return { limit, page: opts.page };
}
