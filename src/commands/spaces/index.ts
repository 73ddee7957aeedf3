import type { Command } from 'commander';
import type { Context } from '../../context';
import { registerList } from './list';
import { registerGet } from './get';
import { registerCreate } from './create';
import { registerUpdate } from './update';
import { registerDelete } from './delete';
import { registerDeleted } from './deleted';
import { registerRestore } from './restore';
import { registerDuplicate } from './duplicate';
import { registerMove } from './move';
import { registerTransfer } from './transfer';
import { registerPermissionsList } from './permissions-list';
import { registerPermissionsGrant } from './permissions-grant';
import { registerPermissionsRevoke } from './permissions-revoke';
import { registerFieldsGet } from './fields-get';
import { registerFieldsSet } from './fields-set';

export function registerSpaces(program: Command, ctx: Context): void {
  const group = program.command('spaces').description('spaces: create, organize, delete and restore them, and manage who can do what in them')
    .addHelpText('after', '\nExamples:\n  $ docsctl spaces list\n  $ docsctl spaces deleted\n  $ docsctl spaces permissions list SPACE_ID');
  for (const register of [
    registerList, registerGet, registerCreate, registerUpdate, registerDelete, registerDeleted, registerRestore,
    registerDuplicate, registerMove, registerTransfer,
  ]) register(group, ctx);
  const permissions = group.command('permissions').description('roles that users and teams have on one space')
    .addHelpText('after', '\nExamples:\n  $ docsctl spaces permissions list SPACE_ID\n  $ docsctl spaces permissions grant SPACE_ID --role edit --team Engineering');
  for (const register of [registerPermissionsList, registerPermissionsGrant, registerPermissionsRevoke]) register(permissions, ctx);
  const fields = group.command('fields').description("a space's custom field values")
    .addHelpText('after', '\nExamples:\n  $ docsctl spaces fields get SPACE_ID\n  $ docsctl spaces fields set SPACE_ID audience=internal');
  for (const register of [registerFieldsGet, registerFieldsSet]) register(fields, ctx);
}
