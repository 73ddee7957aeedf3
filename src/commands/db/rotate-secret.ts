import type { Command } from 'commander';
import type { Context } from '../../context';
import { rotateSigningSecret } from '../../engine/secrets';

export function registerRotateSecret(group: Command, ctx: Context): void {
  group
    .command('rotate-secret')
    .description('draw a new signing secret: every visitor token and share link handed out so far stops working')
    .option('--yes', 'do not ask for confirmation')
    .addHelpText('after', '\nExamples:\n  $ docsctl db rotate-secret --yes\n  $ docsctl sites share-link SITE_ID   # the site\'s new share link, to hand out again')
    .action(async (opts: { yes?: boolean }) => {
      const engine = await ctx.localEngine('db rotate-secret');
      await ctx.confirm('Rotate the signing secret? Every visitor token and share link handed out so far stops working', opts.yes);
      const { sites } = await rotateSigningSecret(engine.core);
      if (ctx.out.json) ctx.out.raw({ rotated: true, sites });
      else ctx.out.message(`Rotated the signing secret: visitor tokens signed before now are refused, and ${sites} site(s) have a new share link (docsctl sites share-link SITE_ID).`);
    });
}
