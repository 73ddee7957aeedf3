import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { samlDetail } from './columns';
import { UsageError } from '../../errors';
import { samlBody, withSamlOptions, type SamlOpts } from './fields';

export function registerUpdate(group: Command, ctx: Context): void {
  withSamlOptions(group.command('update').argument('<provider>', 'SAML provider id').description('change a SAML provider'), false)
    .addHelpText('after', '\nExamples:\n  $ docsctl saml update PROVIDER_ID --certificate-file rotated.pem')
    .action(async (samlProviderId: string, opts: SamlOpts) => {
      const organizationId = await ctx.organizationId();
      const body = await samlBody(ctx, organizationId, opts);
      if (!Object.keys(body).length) throw new UsageError('nothing to change: pass at least one option (see --help)');
      const api = await ctx.client();
      const provider = await api.call(routes.updateOrganizationSamlProvider, { params: { organizationId, samlProviderId }, body });
      await ctx.out.object(provider, samlDetail);
    });
}
