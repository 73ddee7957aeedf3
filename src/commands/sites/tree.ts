import type { Command } from 'commander';
import type { Context } from '../../context';
import { loadSiteTree, printSiteTree } from './site-tree';

export function registerTree(group: Command, ctx: Context): void {
  group
    .command('tree')
    .argument('<site>', 'site id')
    .description("print a site's whole structure: section groups, sections, and the spaces they show, with paths, defaults and conditions")
    .addHelpText('after', [
      '',
      'On a terminal it draws a tree; piped, it prints one tab-separated row per object:',
      'KIND ID PARENT TITLE PATH DEFAULT CONDITION URL. --json prints the published structure',
      '({ type: "sections", structure: [section…] } or { type: "siteSpaces", structure: [site space…] }).',
      '',
      'Examples:',
      '  $ docsctl sites tree SITE_ID',
      '  $ docsctl sites tree SITE_ID | awk -F"\\t" \'$1 == "site-space" { print $5 }\'',
      '  $ docsctl sites tree SITE_ID --json | jq ".structure[].title"',
    ].join('\n'))
    .action(async (siteId: string) => {
      await printSiteTree(ctx, await loadSiteTree(ctx, siteId), 'The site shows no spaces yet: docsctl site-spaces add SITE --space SPACE');
    });
}
