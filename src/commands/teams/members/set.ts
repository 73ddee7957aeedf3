import type { Command } from 'commander';
import type { Context } from '../../../context';
import { changeTeamMembers, withChangeOptions, type ChangeOptions } from './change';

export function registerSet(group: Command, ctx: Context): void {
  withChangeOptions(group.command('set').description('make a team exactly the given users: adds the missing, removes the rest'), 'set')
    .addHelpText('after', '\nExamples:\n  $ docsctl teams members set Engineering --file engineering.csv --dry-run\n  $ docsctl teams members set Engineering --file engineering.csv --yes --max-remove-fraction 0.2')
    .action((team: string, users: string[], opts: ChangeOptions) => changeTeamMembers(ctx, 'set', team, users, opts));
}
