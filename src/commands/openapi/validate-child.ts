import type { Command } from 'commander';
import type { Context } from '../../context';
import { infoOf, VALIDATE_COMMAND } from '../../openapi-document/isolated';
import { readStdin } from '../shared/input';

/**
 * The child side of validateIsolated (engine/openapi/isolated.ts): reads a document on stdin, parses
 * and validates it in this process, and prints `{"ok":true,"info":{title,version}}` or `{"messages":[…]}`. Hidden: docsctl
 * runs it, people do not.
 */
export function registerValidateChild(program: Command, ctx: Context): void {
  program
    .command(VALIDATE_COMMAND, { hidden: true })
    .description('validate an OpenAPI document read on stdin (docsctl runs this itself)')
    .action(async () => {
      const { parseText, validateParsed, SpecParseError } = await import('../../openapi-document/document');
      const text = await readStdin(ctx);
      try {
        const parsed = parseText(text);
        const info = infoOf(parsed);
        await validateParsed(parsed); // changes `parsed`: the info is read first
        ctx.io.stdout.write(JSON.stringify({ ok: true, info }));
      } catch (error) {
        if (!(error instanceof SpecParseError)) throw error;
        ctx.io.stdout.write(JSON.stringify({ messages: error.messages }));
      }
    });
}
