import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';

export function registerDelete(group: Command, ctx: Context): void {
  group
    .command('delete')
    .argument('<provider>', 'SAML provider id')
    .description('delete a SAML provider (its members can no longer sign in through it)')
    .option('-y, --yes', 'do not ask for confirmation')
    .addHelpText('after', '\nExamples:\n  $ docsctl saml delete PROVIDER_ID --yes')
    .action(async (samlProviderId: string, opts: { yes?: boolean }) => {
      const organizationId = await ctx.organizationId();
      const api = await ctx.client();
      const provider = await api.call(routes.getOrganizationSamlProvider, { params: { organizationId, samlProviderId } });
      await ctx.confirm(`Delete SAML provider "${provider.label}"?`, opts.yes);
      await api.call(routes.deleteOrganizationSamlProvider, { params: { organizationId, samlProviderId } });
      ctx.out.message(`Deleted SAML provider ${provider.label} (${samlProviderId}).`);
    });
}
