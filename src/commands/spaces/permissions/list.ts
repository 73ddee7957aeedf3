import type { Command } from 'commander';
import type { Context } from '../../../context';
import { routes } from '../../../api/routes/index';
import { spacePermissionColumns } from '../columns';
import type { SpaceTeamPermission, SpaceUserPermission } from '../../../api/resources';

export function registerList(group: Command, ctx: Context): void {
  group
    .command('list')
    .argument('<id>', 'space id')
    .description('users and teams with a role on a space (space admins)')
    .addHelpText('after', '\nExamples:\n  $ docsctl spaces permissions list SPACE_ID\n  $ docsctl spaces permissions list SPACE_ID --json | jq ".items[] | select(.object == \\"space-team-permission\\")"')
    .action(async (spaceId: string) => {
      const api = await ctx.client();
      const items: (SpaceUserPermission | SpaceTeamPermission)[] = [];
      for await (const p of api.paginate(routes.listSpaceUserPermissions, { params: { spaceId }, query: { limit: 1000 } })) items.push(p);
      for await (const p of api.paginate(routes.listSpaceTeamPermissions, { params: { spaceId }, query: { limit: 1000 } })) items.push(p);
      await ctx.out.list({ count: items.length, items }, spacePermissionColumns);
    });
}
