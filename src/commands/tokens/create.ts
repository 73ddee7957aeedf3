import { Option, type Command } from 'commander';
import { TOKEN_SCOPES, type TokenScope } from '../../domain/token-scopes';
import { routes } from '../../api/routes/index';
import { expiryOf } from './expiry';
import type { Context } from '../../context';

export function registerCreate(group: Command, ctx: Context): void {
  group
    .command('create')
    .description('mint a token; it is printed once and only its hash is stored')
    .option('--user <user>', 'member (id or e-mail) the token acts as (default: you, or --as); remotely only yourself')
    .option('--name <name>', 'a label to recognise the token by', 'docsctl')
    .option('--expires <when>', 'when it stops working: a duration (90s, 15m, 12h, 30d, 2w) or a date (2027-01-31, midnight UTC); default never (remotely: the expiry of the token you use, if it has one)')
    .addOption(new Option('--scope <scope>', 'what it may do, never more than its user: read (GET only), write (all but organization administration), admin (default)').choices([...TOKEN_SCOPES]))
    .addHelpText('after', '\nExamples:\n  $ docsctl tokens create --name ci --expires 90d --scope write\n  $ TOKEN=$(docsctl tokens create --user ada.lovelace@acme.example --scope read --expires 2027-01-31 --json | jq -r .token)')
    .action(async (opts: { user?: string; name: string; expires?: string; scope?: TokenScope }) => {
      const expiresAt = opts.expires === undefined ? undefined : expiryOf(opts.expires, new Date());
      const organizationId = await ctx.organizationId();
      const api = await ctx.client();
      const body = { name: opts.name, ...(opts.user ? { user: opts.user } : {}), ...(opts.scope ? { scope: opts.scope } : {}), ...(expiresAt ? { expiresAt } : {}) };
      const created = await api.call(routes.createOrganizationToken, { params: { organizationId }, body });
      if (ctx.out.json) ctx.out.raw(created);
      else {
        ctx.out.text(created.token);
        const limits = `scope ${created.scope}, ${created.expiresAt ? `expires ${created.expiresAt}` : 'never expires'}`;
        ctx.out.message(`Created token ${created.id} for ${created.email} (${limits}). It is shown only now: store it safely.`);
      }
    });
}
