import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { samlDetail } from './columns';

export function registerGet(group: Command, ctx: Context): void {
  group
    .command('get')
    .argument('<provider>', 'SAML provider id')
    .description('show one SAML provider, with the service URLs to give the identity provider')
    .addHelpText('after', '\nExamples:\n  $ docsctl saml get PROVIDER_ID')
    .action(async (samlProviderId: string) => {
      const organizationId = await ctx.organizationId();
      const api = await ctx.client();
      await ctx.out.object(await api.call(routes.getOrganizationSamlProvider, { params: { organizationId, samlProviderId } }), samlDetail);
    });
}
