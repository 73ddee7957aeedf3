import type { Command } from 'commander';
import type { Context } from '../../context';

export function registerCreate(group: Command, ctx: Context): void {
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
}
