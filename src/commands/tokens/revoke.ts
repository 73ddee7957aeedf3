import type { Command } from 'commander';
import type { Context } from '../../context';

export function registerRevoke(group: Command, ctx: Context): void {
  group
    .command('revoke')
    .argument('<id>', 'token id (from tokens list)')
    .description('revoke a token; requests with it get 401 from then on')
    .option('-y, --yes', 'do not ask for confirmation')
    .addHelpText('after', '\nExamples:\n  $ docsctl tokens revoke TOKEN_ID --yes')
    .action(async (id: string, opts: { yes?: boolean }) => {
      const engine = await ctx.localEngine('tokens revoke');
      const token = await engine.tokens.get(id);
      await ctx.confirm(`Revoke token ${token.name} (${token.id}) of ${token.email}?`, opts.yes);
      const revoked = await engine.tokens.revoke(id);
      if (ctx.out.json) ctx.out.raw(revoked);
      else ctx.out.message(`Revoked token ${revoked.id}.`);
    });
}
