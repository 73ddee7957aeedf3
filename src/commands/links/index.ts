import { Option, type Command } from 'commander';
import type { Context } from '../../context';
import { UsageError } from '../../errors';
import { listLinks, type LinksOptions } from './list';
import { listBacklinks } from './backlinks';

const STATUSES = ['ok', 'broken', 'in-app'] as const;

/** `docsctl links`: a link check of a space or change request, or the backlinks of a file. */
export function registerLinks(program: Command, ctx: Context): void {
  program
    .command('links')
    .description('check the links of a space or change request (ok, broken, in-app), or list the pages referencing a file')
    .requiredOption('--space <id>', 'the space')
    .option('--change-request <id>', 'the content of this change request (id or number)')
    .option('--page <id>', 'only the links of this page')
    .addOption(new Option('--status <status>', 'only links with this status').choices(STATUSES))
    .option('--fail-on-broken', 'exit with code 1 when broken links are found (for CI)')
    .option('--file <id>', 'instead: the pages referencing this file (its backlinks)')
    .addHelpText(
      'after',
      `
Every link and image of every page is checked: relative page links (guide/install.md, ../faq.md#setup),
#anchors (GitHub heading ids), /files/<id> references and file names. URLs are listed, not fetched
(status ok, or in-app for this instance's app URLs). The table shows each target once with the pages
linking to it; a summary (total, broken) goes to stderr. All pages of the listing are read.

Examples:
  $ docsctl links --space SPACE_ID
  $ docsctl links --space SPACE_ID --status broken
  $ docsctl links --space SPACE_ID --page PAGE_ID --json
  $ docsctl links --space SPACE_ID --file FILE_ID              pages referencing a file
  $ docsctl links --space SPACE_ID --change-request 2 --fail-on-broken   in CI: exit 1 on broken links`,
    )
    .action(async (opts: LinksOptions & { file?: string }) => {
      if (opts.file) {
        if (opts.page || opts.status || opts.failOnBroken) throw new UsageError('--file: cannot be combined with --page, --status or --fail-on-broken');
        return listBacklinks(ctx, { space: opts.space, changeRequest: opts.changeRequest, file: opts.file });
      }
      return listLinks(ctx, opts);
    });
}
