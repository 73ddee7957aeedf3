import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { readRemote } from './remote-tree';
import { OutsideFolderError, planPull, writeTexts } from '../../content-tree/pull';
import { isConfigFile } from '../../content-tree/gitbook-config';
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
      const target = resolve(ctx.io.cwd, dir);
      const params = (fileId: string) => ({ params: { spaceId: opts.space, fileId } });
      // The configuration the space keeps says where the content goes, whatever the folder holds.
      const stored = remote.files.find((f) => f.git !== undefined && isConfigFile(f.git));
      const storedBytes = stored && ((await api.call(routes.downloadSpaceFile, params(stored.id))) as unknown as Buffer);
      const config = stored && { file: stored.git!, text: storedBytes!.toString('utf8') };
      await mkdir(target, { recursive: true });
      let plan: ReturnType<typeof planPull>;
      try {
        plan = planPull(target, remote.pages, remote.files, remote.reusables, config);
      } catch (error) {
        throw error instanceof OutsideFolderError || error instanceof LayoutError ? new CliError(error.message) : error;
      }
      writeTexts(plan);
      const progress = ctx.progress('Downloading');
      progress.setTotal(plan.files.length);
      const sizes = new Map(remote.files.map((f) => [f.id, f.size]));
      try {
        for (const { target: path, file } of plan.files) {
          // Each file lands whole or not at all: written beside its place, then renamed into it.
          mkdirSync(dirname(path), { recursive: true });
          const partial = `${path}.docsctl-partial`;
          try {
            // The configuration's bytes are here already (they said where the content goes).
            if (file.id === stored?.id) writeFileSync(partial, storedBytes!);
            else await api.download(routes.downloadSpaceFile, params(file.id), partial);
            renameSync(partial, path);
          } catch (error) {
            rmSync(partial, { force: true });
            throw error;
          }
          progress.advance(1, sizes.get(file.id) ?? 0);
        }
      } finally {
        progress.done();
      }
      if (ctx.out.json) ctx.out.raw({ pages: remote.pages.length, files: plan.files.length });
      else ctx.out.message(`Wrote ${plan.texts.length + plan.files.length} file(s) to ${dir}.`);
    });
}
