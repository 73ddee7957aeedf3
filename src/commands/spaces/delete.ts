import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';

export function registerDelete(group: Command, ctx: Context): void {
  group
    .command('delete')
    .argument('<ids...>', 'space ids')
    .description('delete spaces (an admin can restore them for 7 days with `spaces restore`)')
    .option('-y, --yes', 'do not ask for confirmation')
    .addHelpText('after', '\nExamples:\n  $ docsctl spaces delete SPACE_ID\n  $ docsctl spaces delete SPACE_ID OTHER_SPACE_ID --yes')
    .action(async (ids: string[], opts: { yes?: boolean }) => {
      const spaceIds = [...new Set(ids)];
      const api = await ctx.client();
      // Every id is checked before anything is deleted, so a typo deletes nothing.
      const spaces = [];
      for (const spaceId of spaceIds) spaces.push(await api.call(routes.getSpaceById, { params: { spaceId } }));
      const names = spaces.map((s) => `"${s.title}" (${s.id})`).join(', ');
      await ctx.confirm(spaces.length === 1 ? `Delete space ${names}?` : `Delete ${spaces.length} spaces: ${names}?`, opts.yes);
      for (const space of spaces) {
        await api.call(routes.deleteSpaceById, { params: { spaceId: space.id } });
        ctx.out.message(`Deleted space ${space.title} (${space.id}).`);
      }
      ctx.out.message(`An admin can restore ${spaces.length === 1 ? 'it' : 'them'} within 7 days: docsctl spaces restore ${spaces.map((s) => s.id).join(' ')}`);
    });
}
