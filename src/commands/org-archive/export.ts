import { resolve } from 'node:path';
import type { Command } from 'commander';
import type { Context } from '../../context';
import { saveArchive } from '../../org-archive/archive';
import { formatBytes } from '../../output/progress';
import { VERSION } from '../../version';
import { readOrganizationArchive } from './read-org';
import { instanceUrl } from './target';

interface Opts {
  output?: string;
}

export function registerExport(program: Command, ctx: Context): void {
  program
    .command('export')
    .description('write an organization to one portable archive, read through the API only (any instance: local or remote)')
    .option('-o, --output <file>', 'the archive to write (default: ORG_ID.docsctl.tgz)')
    .addHelpText('after', `
Holds the organization's settings, members, teams, invite links, SAML providers (without secrets),
custom fields, collections, spaces (settings, permissions, field values, pages, files, reusable
content), open change requests with their content, comments and replies, docs sites with their
structure and adaptive schema, OpenAPI specs with every version, and translation settings. See
docs/cli.md, "Moving an organization".

Examples:
  $ docsctl export --org ORG_ID -o acme.docsctl.tgz
  $ docsctl --url https://docs.example.com --token $TOKEN export --org ORG_ID -o labs.docsctl.tgz --json`)
    .action(async (opts: Opts) => {
      const organizationId = await ctx.organizationId();
      const path = resolve(ctx.io.cwd, opts.output ?? `${organizationId}.docsctl.tgz`);
      const api = await ctx.client();
      const progress = ctx.progress('Exporting');
      let read;
      try {
        read = await readOrganizationArchive(api, organizationId, progress);
      } finally {
        progress.done();
      }
      const manifest = await saveArchive(path, read.archive, {
        createdAt: new Date().toISOString(),
        createdBy: `docsctl/${VERSION}`,
        source: { url: instanceUrl(ctx), organization: organizationId, title: read.title },
      });
      const { counts } = manifest;
      if (ctx.out.json) await ctx.out.raw({ path, organization: organizationId, version: manifest.version, counts });
      else {
        ctx.out.message(`Exported organization ${organizationId} (${read.title}) to ${path}:`);
        ctx.out.message(`  ${counts.members} members, ${counts.teams} teams, ${counts.collections} collections, ${counts.spaces} spaces with ${counts.pages} pages, ${counts.reusableContents} reusable contents and ${counts.files} files (${formatBytes(counts.bytes)}),`);
        ctx.out.message(`  ${counts.changeRequests} open change requests, ${counts.comments} comments, ${counts.sites} sites, ${counts.openapiSpecs} OpenAPI specs, ${counts.translations} translations.`);
      }
    });
}
