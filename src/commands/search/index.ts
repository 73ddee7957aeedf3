import type { Command } from 'commander';
import type { Context } from '../../context';
import { withPaging, type PagingOptions } from '../shared/paging';
import { searchContent } from './results';

/** `docsctl search QUERY [--space S]`: ranked pages with the matching section snippets. */
export function registerSearch(program: Command, ctx: Context): void {
  withPaging(program.command('search').argument('<query...>', 'words to find (every word must match; the last may be the start of a word)'))
    .description('full-text search of the content: a space (--space) or every space of the organization you can read')
    .option('--space <id>', 'search only this space')
    .addHelpText(
      'after',
      [
        '',
        'Results are ranked (titles weigh more than text); each line is a matching section with a snippet.',
        'On a terminal: numbered results; piped: tab-separated SPACE, PAGE ID, PATH, SECTION, SNIPPET; --json: the API listing.',
        '',
        'Examples:',
        '  $ docsctl search install --space SPACE_ID',
        '  $ docsctl search "rate limit" --json | jq -r \'.items[].pages[].path\'',
      ].join('\n'),
    )
    .action((words: string[], opts: PagingOptions & { space?: string }) => searchContent(ctx, words, opts));
}
