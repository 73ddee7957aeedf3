import type { Command } from 'commander';
import type { Context } from '../../../context';
import { changeTeamMembers, withChangeOptions, type ChangeOptions } from './change';

export function registerAdd(group: Command, ctx: Context): void {
  withChangeOptions(group.command('add').description('add users to a team (all rows in one transaction)'), 'add')
    .addHelpText('after', '\nExamples:\n  $ docsctl teams members add Engineering ada@acme.com grace@acme.com\n  $ docsctl teams members add Engineering --file users.csv --dry-run\n  $ docsctl teams members add TEAM_ID --file users.csv --role owner\n  $ docsctl teams members add Engineering --file new-hires.csv --invite --dry-run')
    .action((team: string, users: string[], opts: ChangeOptions) => changeTeamMembers(ctx, 'add', team, users, opts));
}
