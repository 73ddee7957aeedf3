import { Option, type Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { organizationDetail } from './columns';
import { UsageError } from '../../errors';
import { ROLES } from '../../domain/roles';
import { nullable } from '../shared/nullable';

interface Opts {
  title?: string;
  hostname?: string;
  emailDomains?: string;
  defaultRole?: string;
  logo?: string;
  sso?: boolean;
  ai?: boolean;
  inviteLinks?: boolean;
}

export function registerUpdate(group: Command, ctx: Context): void {
  group
    .command('update')
    .argument('[org]', 'organization id (default: --org or your only organization)')
    .description('change organization settings')
    .option('--title <title>', 'title (2-255 characters)')
    .option('--hostname <name>', 'default hostname for public content (3-32: a-z, 0-9, -)')
    .option('--email-domains <list>', 'comma-separated e-mail domains that may join ("" for none)')
    .addOption(new Option('--default-role <role>', 'role of new members').choices([...ROLES, 'guest']))
    .option('--logo <url>', 'logo URL ("none" removes it)')
    .option('--sso', 'enforce SSO').option('--no-sso', 'do not enforce SSO')
    .option('--ai', 'enable AI features').option('--no-ai', 'disable AI features')
    .option('--invite-links', 'allow invite links').option('--no-invite-links', 'disallow invite links')
    .addHelpText('after', '\nExamples:\n  $ docsctl orgs update --title "Acme Docs" --email-domains acme.com,acme.io\n  $ docsctl orgs update --default-role read --no-invite-links')
    .action(async (org: string | undefined, opts: Opts) => {
      const body: Record<string, unknown> = {};
      if (opts.title !== undefined) body.title = opts.title;
      if (opts.hostname !== undefined) body.hostname = opts.hostname;
      if (opts.emailDomains !== undefined) body.emailDomains = opts.emailDomains.split(',').map((d) => d.trim()).filter(Boolean);
      if (opts.defaultRole !== undefined) body.defaultRole = nullable(opts.defaultRole);
      if (opts.logo !== undefined) body.logo = nullable(opts.logo);
      if (opts.sso !== undefined) body.sso = opts.sso;
      if (opts.ai !== undefined) body.ai = opts.ai;
      if (opts.inviteLinks !== undefined) body.inviteLinks = opts.inviteLinks;
      if (!Object.keys(body).length) throw new UsageError('nothing to change: pass at least one option (see --help)');
      const organizationId = org ?? (await ctx.organizationId());
      const api = await ctx.client();
      const updated = await api.call(routes.updateOrganizationById, { params: { organizationId }, body });
      ctx.out.message(`Updated organization ${updated.id}.`);
      await ctx.out.object(updated, organizationDetail);
    });
}
