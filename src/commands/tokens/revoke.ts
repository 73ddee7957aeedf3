import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';

export function registerRevoke(group: Command, ctx: Context): void {
  group
    .command('revoke')
    .argument('<id>', 'token id (from tokens list)')
    .description('revoke a token; requests with it get 401 from then on')
    .option('-y, --yes', 'do not ask for confirmation')
    .addHelpText('after', '\nExamples:\n  $ docsctl tokens revoke TOKEN_ID --yes')
    .action(async (tokenId: string, opts: { yes?: boolean }) => {
      const organizationId = await ctx.organizationId();
      const api = await ctx.client();
      const token = await api.call(routes.getOrganizationToken, { params: { organizationId, tokenId } });
      await ctx.confirm(`Revoke token ${token.name} (${token.id}) of ${token.email}?`, opts.yes);
      const revoked = await api.call(routes.revokeOrganizationToken, { params: { organizationId, tokenId } });
      if (ctx.out.json) ctx.out.raw(revoked);
      else ctx.out.message(`Revoked token ${revoked.id}.`);
    });
}
