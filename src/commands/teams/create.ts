import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { teamColumns } from './columns';
import { resolveUserId } from '../shared/resolve';

export function registerCreate(group: Command, ctx: Context): void {
  group
    .command('create')
    .argument('<title>', 'team title (1-64 characters)')
    .description('create a team')
    .option('-m, --member <user...>', 'initial members (ids or e-mails)')
    .addHelpText('after', '\nExamples:\n  $ docsctl teams create "Platform"\n  $ docsctl teams create Security -m ada@acme.com grace@acme.com')
    .action(async (title: string, opts: { member?: string[] }) => {
      const organizationId = await ctx.organizationId();
      const members = opts.member ? await Promise.all(opts.member.map((m) => resolveUserId(ctx, organizationId, m))) : undefined;
      const api = await ctx.client();
      const team = await api.call(routes.createOrganizationTeam, { params: { organizationId }, body: { title, members } });
      ctx.out.message(`Created team ${team.title} (${team.id}).`);
      await ctx.out.object(team, teamColumns);
    });
}
