import { Argument, type Command } from 'commander';
import type { Context } from '../../context';
import { describeProgram } from './tree';

const SHELLS = ['bash', 'zsh', 'fish'] as const;

export function registerScript(program: Command, ctx: Context): void {
  program
    .command('completion')
    .description('print a shell completion script (commands, flags, and ids of organizations, spaces, teams, collections and sites)')
    .addArgument(new Argument('<shell>', 'the shell to complete in').choices(SHELLS))
    .addHelpText(
      'after',
      `
Install:
  bash  add to ~/.bashrc:   source <(docsctl completion bash)
  zsh   add to ~/.zshrc after compinit:   source <(docsctl completion zsh)
        or put it on $fpath:   docsctl completion zsh > "\${fpath[1]}/_docsctl"
  fish  docsctl completion fish > ~/.config/fish/completions/docsctl.fish

Ids are looked up in the database or server the line points at (--db, --url, --profile, the
environment or the saved profile), with a short timeout for remote servers.

Examples:
  $ docsctl completion bash > docsctl.bash
  $ docsctl completion zsh
  $ docsctl completion fish`,
    )
    .action(async (shell: (typeof SHELLS)[number]) => {
      // Completion describes every command, so it builds the whole program, not only this group.
      const full = await ctx.wholeProgram!();
      const spec = describeProgram(full);
      const render = { bash: () => import('./bash').then((m) => m.bashScript), zsh: () => import('./zsh').then((m) => m.zshScript), fish: () => import('./fish').then((m) => m.fishScript) }[shell];
      ctx.io.stdout.write((await render())(spec));
    });
}
