import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { samlDetail } from './columns';
import { samlBody, withSamlOptions, type SamlOpts } from './fields';

export function registerCreate(group: Command, ctx: Context): void {
  withSamlOptions(group.command('create').description('add a SAML provider'), true)
    .addHelpText('after', '\nExamples:\n  $ docsctl saml create --label Okta --sso-url https://acme.okta.com/sso/saml --entity-id http://www.okta.com/abc --certificate-file okta.pem')
    .action(async (opts: SamlOpts & { label: string }) => {
      const organizationId = await ctx.organizationId();
      const body = (await samlBody(ctx, organizationId, opts)) as { label: string };
      const api = await ctx.client();
      const provider = await api.call(routes.createOrganizationSamlProvider, { params: { organizationId }, body });
      ctx.out.message(`Created SAML provider ${provider.label} (${provider.id}). Give your identity provider the ACS URL ${provider.service.acsURL}.`);
      await ctx.out.object(provider, samlDetail);
    });
}
