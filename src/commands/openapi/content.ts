import type { Command } from 'commander';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';

export function registerContent(group: Command, ctx: Context): void {
  group
    .command('content')
    .argument('<slug>', 'the spec slug')
    // Not --version: that is the program's own flag (print docsctl's version) wherever it appears.
    .option('--version-id <id>', 'a version id (default: the latest version)')
    .option('-o, --output <file>', 'write the document to FILE instead of stdout')
    .description('print (or save) the document of a spec version as it was published')
    .addHelpText('after', `
Examples:
  $ docsctl openapi content petstore > openapi.yaml
  $ docsctl openapi content petstore --version-id VERSION_ID -o old.yaml
  $ docsctl openapi content petstore --json      # { filesystem, url }`)
    .action(async (specSlug: string, opts: { versionId?: string; output?: string }) => {
      const organizationId = await ctx.organizationId();
      const api = await ctx.client();
      const content = opts.versionId
        ? await api.call(routes.getOpenAPISpecVersionContentById, { params: { organizationId, specSlug, versionId: opts.versionId } })
        : await api.call(routes.getLatestOpenAPISpecVersionContent, { params: { organizationId, specSlug } });
      const [name, text] = Object.entries(content.filesystem)[0] ?? ['', ''];
      if (opts.output) {
        writeFileSync(resolve(ctx.io.cwd, opts.output), text);
        ctx.out.message(`Wrote ${name} of ${specSlug} to ${opts.output}.`);
        if (ctx.out.json) ctx.out.raw({ ...content, filesystem: { [name]: opts.output } });
        return;
      }
      if (ctx.out.json) ctx.out.raw(content);
      else ctx.io.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
    });
}
