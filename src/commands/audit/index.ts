import type { Command } from 'commander';
import type { Context } from '../../context';
import { registerList } from './list';

/** `docsctl audit`: the organization's audit trail. */
export function registerAudit(program: Command, ctx: Context): void {
  const group = program.command('audit').description('the audit trail: every write, who made it and when (admins only)')
    .addHelpText('after', '\nExamples:\n  $ docsctl audit list --target SPACE_ID');
  registerList(group, ctx);
}
