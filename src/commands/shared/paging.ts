import { Option, type Command } from 'commander';
import { UsageError } from '../../errors';

/** `--limit`, `--page` and `--all` for list verbs; the API caps a page at 1000 items. */
export function withPaging(command: Command): Command {
  return command
    .addOption(new Option('--limit <n>', 'items per page (1-1000)').default('100'))
    .option('--page <cursor>', 'page cursor printed by the previous page')
    .option('--all', 'follow every page, printing rows as they arrive (--limit is the page size)');
}

/** What `withPaging` adds to a command's options. */
export interface PagingOptions {
  limit?: string;
  page?: string;
  all?: boolean;
}

export function pagingQuery(opts: PagingOptions): { limit: number; page?: string } {
  const limit = Number(opts.limit ?? 100);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new UsageError('--limit: must be a whole number from 1 to 1000');
  return { limit, page: opts.page };
}
