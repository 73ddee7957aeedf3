import type { Command } from 'commander';
import type { Context } from '../../context';
import { registerMe } from './me';
import { registerGet } from './get';

export function registerUsers(program: Command, ctx: Context): void {
  const group = program.command('users').description('user accounts')
    .addHelpText('after', '\nExamples:\n  $ docsctl users me\n  $ docsctl users get USER_ID');
  for (const register of [registerMe, registerGet]) register(group, ctx);
}
