import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { readRemote } from './remote-tree';
import { OutsideFolderError, writeTree } from '../../content-tree/pull';
import { CliError } from '../../errors';
import { LayoutError } from '../../content-tree/gitbook-config';

export function registerPull(group: Command, ctx: Context): void {
  group
    .command('pull')
    .argument('<dir>', 'folder to write (created if needed)')
    .requiredOption('--space <id>', 'the space')
    .description('write the space as a folder of markdown files, the layout `content push` reads')
    .addHelpText('after', '\nExamples:\n  $ docsctl content pull ./docs --space SPACE_ID\n  $ docsctl content pull ./docs --space SPACE_ID && docsctl content push ./docs --space SPACE_ID   # nothing to push')
    .action(async (dir: string, opts: { space: string }) => {
      const api = await ctx.client();
      const remote = await ctx.spin('Reading the space', () => readRemote(api, opts.space));
      const files: { id: string; name: string; bytes: Buffer }[] = [];
      for (const [name, file] of remote.files) {
        const bytes = (await api.call(routes.downloadSpaceFile, { params: { spaceId: opts.space, fileId: file.id } })) as unknown as Buffer;
        files.push({ id: file.id, name, bytes });
      }
      const target = resolve(ctx.io.cwd, dir);
      await mkdir(target, { recursive: true });
      let written: number;
      try {
        written = writeTree(target, remote.pages, files);
      } catch (error) {
        throw error instanceof OutsideFolderError || error instanceof LayoutError ? new CliError(error.message) : error;
      }
      if (ctx.out.json) ctx.out.raw({ pages: remote.pages.length, files: files.length });
      else ctx.out.message(`Wrote ${written} file(s) to ${dir}.`);
    });
}
