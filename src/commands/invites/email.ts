import { Option, type Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { UsageError } from '../../errors';
import { nullable } from '../shared/nullable';
import { ROLES, type Role } from '../../domain/roles';
import { readInput } from '../shared/input';

export function registerEmail(group: Command, ctx: Context): void {
  group
    .command('email')
    .argument('[emails...]', 'e-mail addresses')
    .description('invite people by e-mail (this instance sends no mail: accounts and memberships are created directly)')
    .option('-f, --file <file>', 'file of e-mails: one a line, or a CSV with an email column')
    .addOption(new Option('--role <role>', "role of the new members (default: the organization's default role, else read)").choices([...ROLES, 'guest']))
    .addHelpText('after', '\nExamples:\n  $ docsctl invites email ada@acme.com grace@acme.com --role edit\n  $ docsctl invites email --file new-hires.csv')
    .action(async (emails: string[], opts: { file?: string; role?: string }) => {
      const all = [...emails];
      if (opts.file) {
        const text = await readInput(ctx, '--file', opts.file);
        const { parseUserFile } = await import('../../bulk/user-file');
        all.push(...parseUserFile(text, opts.file).map((r) => r.ref));
      }
      if (!all.length) throw new UsageError('no e-mails given: pass addresses or --file FILE');
      const organizationId = await ctx.organizationId();
      const api = await ctx.client();
      const body = { emails: all, ...(opts.role ? { role: nullable(opts.role) as Role | null } : {}) };
      const result = await api.call(routes.inviteUsersToOrganization, { params: { organizationId }, body });
      if (ctx.out.json) ctx.out.raw(result);
      else ctx.out.message(`Invited ${result.invited} new member(s); ${result.users.length - result.invited} already belonged.`);
    });
}
