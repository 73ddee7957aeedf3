import { Option, type Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { inviteColumns } from './columns';
import { UsageError } from '../../errors';
import { ROLES, type Role } from '../../domain/roles';

interface Opts {
  role: Role;
  space?: string;
  collection?: string;
}

export function registerCreate(group: Command, ctx: Context): void {
  group
    .command('create')
    .description('create an invite link to the organization (or to one space or collection)')
    .addOption(new Option('--role <role>', 'role (or level on a space/collection) the link grants').choices([...ROLES]).makeOptionMandatory())
    .option('--space <id>', 'invite to this space only')
    .option('--collection <id>', 'invite to this collection only')
    .addHelpText('after', '\nExamples:\n  $ docsctl invites create --role read\n  $ docsctl invites create --role edit --json | jq -r .urls.app')
    .action(async (opts: Opts) => {
      if (opts.space && opts.collection) throw new UsageError('--space and --collection cannot be combined');
      const body = opts.space
        ? { level: opts.role, space: opts.space }
        : opts.collection
          ? { level: opts.role, collection: opts.collection }
          : { role: opts.role };
      const organizationId = await ctx.organizationId();
      const api = await ctx.client();
      const invite = await api.call(routes.createOrganizationInvite, { params: { organizationId }, body });
      ctx.out.message(`Created invite link ${invite.id}.`);
      await ctx.out.object(invite, inviteColumns);
    });
}
