import type { Command } from 'commander';
import type { Context } from '../../context';
import { VALIDATE_COMMAND } from '../../openapi-document/isolated';
import { readStdin } from '../shared/input';

/**
 * The child side of validateInChild (openapi-document/isolated-child.ts): reads a document on stdin,
 * parses and validates it in this process, and prints `{"ok":true,"info":{title,version}}` or
 * `{"messages":[…]}`. Hidden: docsctl runs it, people do not.
 */
export function registerValidateChild(program: Command, ctx: Context): void {
  program
    .command(VALIDATE_COMMAND, { hidden: true })
    .description('validate an OpenAPI document read on stdin (docsctl runs this itself)')
    .argument('<max-expansion>', 'the expansion bound: how many times $refs may multiply the document (0: none)')
    .action(async (maxExpansion: string) => {
      const { validationAnswer } = await import('../../openapi-document/validation-answer');
      ctx.io.stdout.write(JSON.stringify(await validationAnswer(await readStdin(ctx), Number(maxExpansion))));
    });
}
