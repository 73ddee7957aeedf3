import type { Command } from 'commander';
import type { Context } from '../../context';
import { isDynamic } from './kinds';
import { completionLines } from './candidates';

export function registerComplete(program: Command, ctx: Context): void {
  // What the scripts call for ids: `docsctl [--db F | --url U …] __complete KIND PREFIX`.
  program
    .command('__complete', { hidden: true })
    .description('ids for the completion scripts: KIND (org, space, team, collection, site) and a PREFIX')
    .argument('[kind]')
    .argument('[prefix]', '', '')
    .allowUnknownOption()
    .allowExcessArguments()
    .action(async (kind: string | undefined, prefix: string) => {
      if (!kind || !isDynamic(kind)) return;
      const lines = await completionLines(ctx, kind, prefix);
      if (lines.length) ctx.io.stdout.write(`${lines.join('\n')}\n`);
    });
}
