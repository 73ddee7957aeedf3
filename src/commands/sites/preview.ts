import type { Command } from 'commander';
import type { Context } from '../../context';
import { adaptSections, adaptSiteSpaces } from '../../domain/condition/index';
import { loadSiteTree, printSiteTree, type SiteTree } from './site-tree';
import { parseClaimsFlag } from './claims-flag';

/** The tree as a visitor with `claims` sees it, by the same rules the server applies to published content. */
function asVisitor(tree: SiteTree, claims: ReturnType<typeof parseClaimsFlag>): SiteTree {
  const sections = adaptSections(tree.sections, claims);
  // A group shows while one of its sections does.
  const groups = tree.groups.filter((g) => sections.some((s) => s.sectionGroup === g.id));
  return { ...tree, groups, sections, rootSpaces: adaptSiteSpaces(tree.rootSpaces, claims) };
}

export function registerPreview(group: Command, ctx: Context): void {
  group
    .command('preview')
    .argument('<site>', 'site id')
    .description('print the structure a visitor with the given claims sees: the sections and site spaces whose conditions hold')
    .option('--claims <pairs>', 'the visitor\'s claims: name=value pairs separated by commas; unsigned.name=value for unsigned claims (missing claims are false)')
    .addHelpText('after', [
      '',
      'Values are true, false, numbers or text. Defaults hidden by their condition hand over to the first',
      'section or site space that shows. Output as for `sites tree` (a tree, TSV rows piped, --json the',
      'structure). A site with adaptive content off shows every visitor everything.',
      '',
      'Examples:',
      '  $ docsctl sites preview SITE_ID --claims isBetaUser=true,unsigned.dark=false',
      '  $ docsctl sites preview SITE_ID',
      '  $ docsctl sites preview SITE_ID --claims isBetaUser=true --json | jq ".structure[].title"',
    ].join('\n'))
    .action(async (siteId: string, opts: { claims?: string }) => {
      const claims = parseClaimsFlag(opts.claims);
      const tree = await loadSiteTree(ctx, siteId);
      const adaptive = tree.site.adaptiveContent.enabled;
      if (!adaptive) ctx.out.message('Adaptive content is off for this site: every visitor sees every section and site space.');
      await printSiteTree(ctx, adaptive ? asVisitor(tree, claims) : tree, 'A visitor with these claims sees no section or site space.');
    });
}
