import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { oneSide } from '../sections/position';
import { siteSpaceDetail } from './columns';

export function registerMove(group: Command, ctx: Context): void {
  group
    .command('move')
    .argument('<site>', 'site id')
    .argument('<site-space>', 'site space id')
    .description('move a site space before or after another site space of its section (or the root)')
    .option('--before <site-space>', 'place it just before this site space')
    .option('--after <site-space>', 'place it just after this site space')
    .addHelpText('after', '\nExamples:\n  $ docsctl site-spaces move SITE_ID SITE_SPACE_ID --before OTHER_SITE_SPACE_ID')
    .action(async (siteId: string, siteSpaceId: string, opts: { before?: string; after?: string }) => {
      const { side, ref } = oneSide(opts);
      const organizationId = await ctx.organizationId();
      const api = await ctx.client();
      const moved = await api.call(routes.moveSiteSpace, {
        params: { organizationId, siteId, siteSpaceId },
        body: { position: { [side]: { type: 'site-space' as const, siteSpace: ref } } },
      });
      ctx.out.message(`Moved site space ${moved.id} (${moved.title}) ${side} ${ref}.`);
      await ctx.out.object(moved, siteSpaceDetail);
    });
}
