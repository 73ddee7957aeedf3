import type { Command } from 'commander';
import type { Context } from '../../context';
import type { Column } from '../../output/render';
import type { TokenInfo } from '../../engine/tokens';

const columns: Column<TokenInfo>[] = [
  { header: 'ID', value: (t) => t.id },
  { header: 'NAME', value: (t) => t.name },
  { header: 'USER', value: (t) => t.email },
  { header: 'CREATED', value: (t) => t.createdAt },
  { header: 'LAST USED', value: (t) => t.lastUsedAt },
  { header: 'REVOKED', value: (t) => t.revokedAt },
];

/** API tokens live in the local database: managed here, never over the API. */
export function registerTokens(program: Command, ctx: Context): void {
  const group = program.command('tokens').description('API tokens of the local database (for serve and remote clients)')
    .addHelpText('after', '\nExamples:\n  $ docsctl tokens create --name ci\n  $ docsctl tokens list');
  group
    .command('create')
    .description('mint a token; it is printed once and only its hash is stored')
    .option('--user <user>', 'user id or e-mail the token acts as (default: the admin, or --as)')
    .option('--name <name>', 'a label to recognise the token by', 'docsctl')
    .addHelpText('after', '\nExamples:\n  $ docsctl tokens create --name ci\n  $ TOKEN=$(docsctl tokens create --user ada@acme.example --json | jq -r .token)')
    .action(async (opts: { user?: string; name: string }) => {
      const engine = await ctx.localEngine('tokens create');
      const t = ctx.target();
      const user = opts.user ?? (t.mode === 'local' ? t.as : undefined) ?? engine.installation().userId!;
      const created = engine.tokens.create({ user, name: opts.name });
      if (ctx.out.json) ctx.out.raw(created);
      else {
        ctx.out.text(created.token);
        ctx.out.message(`Created token ${created.id} for ${created.email}. It is shown only now: store it safely.`);
      }
    });
  group
    .command('list')
    .description('list tokens (never their values)')
    .addHelpText('after', '\nExamples:\n  $ docsctl tokens list')
    .action(async () => {
      const engine = await ctx.localEngine('tokens list');
      const items = engine.tokens.list();
      await ctx.out.list({ count: items.length, items }, columns);
    });
  group
    .command('revoke')
    .argument('<id>', 'token id (from tokens list)')
    .description('revoke a token; requests with it get 401 from then on')
    .option('-y, --yes', 'do not ask for confirmation')
    .addHelpText('after', '\nExamples:\n  $ docsctl tokens revoke TOKEN_ID --yes')
    .action(async (id: string, opts: { yes?: boolean }) => {
      const engine = await ctx.localEngine('tokens revoke');
      const token = engine.tokens.get(id);
      await ctx.confirm(`Revoke token ${token.name} (${token.id}) of ${token.email}?`, opts.yes);
      const revoked = engine.tokens.revoke(id);
      if (ctx.out.json) ctx.out.raw(revoked);
      else ctx.out.message(`Revoked token ${revoked.id}.`);
    });
}
