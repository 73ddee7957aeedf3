import type { Command } from 'commander';
import type { Context } from '../../context';
import { registerList } from './list';
import { registerEnable } from './enable';

export function registerSso(program: Command, ctx: Context): void {
  const group = program.command('sso').description('single sign-on: sign-in information and SSO members')
    .addHelpText('after', '\nExamples:\n  $ docsctl sso list');
  for (const register of [registerList, registerEnable]) register(group, ctx);
}
