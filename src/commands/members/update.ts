import { Option, type Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { memberColumns } from './columns';
import { resolveUserId } from '../shared/resolve';
import { nullable } from '../shared/nullable';
import { ROLES } from '../../domain/roles';

export function registerUpdate(group: Command, ctx: Context): void {
  group
    .command('update')
    .argument('<user>', 'user id or e-mail')
    .description("change a member's organization role")
    .addOption(new Option('--role <role>', 'new role (guest = no role)').choices([...ROLES, 'guest']).makeOptionMandatory())
    .addHelpText('after', '\nExamples:\n  $ docsctl members update ada@acme.com --role admin\n  $ docsctl members update USER_ID --role guest')
    .action(async (user: string, opts: { role: string }) => {
      const organizationId = await ctx.organizationId();
      const userId = await resolveUserId(ctx, organizationId, user);
      const api = await ctx.client();
      const member = await api.call(routes.updateMemberInOrganizationById, {
        params: { organizationId, userId },
        body: { role: nullable(opts.role) as never },
      });
      ctx.out.message(`${member.user.email} is now ${member.role ?? 'a guest'}.`);
      await ctx.out.object(member, memberColumns);
    });
}
