import type { Command } from 'commander';
import type { Context } from '../../context';
import { registerPublish } from './publish';
import { registerDiff } from './diff';
import { registerList } from './list';
import { registerGet } from './get';
import { registerVersions } from './versions';
import { registerContent } from './content';
import { registerDelete } from './delete';
import { registerValidate } from './validate';

/** `docsctl openapi`: publish OpenAPI specs from CI, compare them, read their versions. */
export function registerOpenapi(program: Command, ctx: Context): void {
  const group = program.command('openapi').description('OpenAPI specifications: validate and publish from CI, diff, versions')
    .addHelpText('after', '\nExamples:\n  $ docsctl openapi validate ./openapi.yaml\n  $ docsctl openapi publish ./openapi.yaml --spec petstore\n  $ docsctl openapi diff petstore ./openapi.yaml\n  $ docsctl openapi list');
  for (const register of [registerValidate, registerPublish, registerDiff, registerList, registerGet, registerVersions, registerContent, registerDelete]) register(group, ctx);
}
