import type { Command } from 'commander';
import type { Context } from '../../context';
import { registerList } from './list';
import { registerGet } from './get';
import { registerCreate } from './create';
import { registerUpdate } from './update';
import { registerDelete } from './delete';
import { registerEmail } from './email';

export function registerInvites(program: Command, ctx: Context): void {
  const group = program.command('invites').description('invite links and invitations by e-mail')
    .addHelpText('after', '\nExamples:\n  $ docsctl invites list\n  $ docsctl invites create --role read');
  for (const register of [registerList, registerGet, registerCreate, registerUpdate, registerDelete, registerEmail]) register(group, ctx);
}
