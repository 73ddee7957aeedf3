import type { Command } from 'commander';
import type { Context } from '../../../context';
import { changeTeamMembers, withChangeOptions, type ChangeOptions } from './change';

export function registerRemove(group: Command, ctx: Context): void {
  withChangeOptions(group.command('remove').description('remove users from a team (all rows in one transaction)'), 'remove')
    .addHelpText('after', '\nExamples:\n  $ docsctl teams members remove Engineering ada@acme.com\n  $ docsctl teams members remove Engineering --file leavers.csv --dry-run\n  $ docsctl teams members remove Engineering --file leavers.csv --yes')
    .action((team: string, users: string[], opts: ChangeOptions) => changeTeamMembers(ctx, 'remove', team, users, opts));
}
