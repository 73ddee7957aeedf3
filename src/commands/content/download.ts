import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { UsageError } from '../../errors';

export function registerDownload(group: Command, ctx: Context): void {
  group
    .command('download')
    .argument('<file>', 'file id')
    .requiredOption('--space <id>', 'the space')
    .option('-o, --output <path>', 'write to this file (default: the file name; - for stdout)')
    .description("download a file's bytes")
    .addHelpText('after', '\nExamples:\n  $ docsctl content download FILE_ID --space SPACE_ID -o logo.png\n  $ docsctl content download FILE_ID --space SPACE_ID -o - | file -')
    .action(async (fileId: string, opts: { space: string; output?: string }) => {
      const api = await ctx.client();
      const meta = await api.call(routes.getSpaceFile, { params: { spaceId: opts.space, fileId } }).catch(() => undefined);
      const bytes = (await api.call(routes.downloadSpaceFile, { params: { spaceId: opts.space, fileId } })) as unknown as Buffer;
      const output = opts.output ?? meta?.name;
      if (!output) throw new UsageError('--output: give a file name (the file is not in the current content)');
      if (output === '-') {
        ctx.io.stdout.write(bytes as unknown as string);
        return;
      }
      await writeFile(resolve(ctx.io.cwd, output), bytes);
      ctx.out.message(`Wrote ${bytes.length} bytes to ${output}.`);
    });
}
