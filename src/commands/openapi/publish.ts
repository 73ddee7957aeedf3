import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { CliError } from '../../errors';
import type { Column } from '../../output/render';
import { idColumn } from '../../output/column-kinds';
import { isUrl, latestText, readValidSpec, startReadingSpec } from './source';
import type { Spec, SpecVersion } from './columns';

type Change = 'new-spec' | 'new-version' | 'no-change';

interface Outcome {
  spec: Spec | { slug: string };
  change: Change;
  version?: SpecVersion;
  dryRun?: true;
}

const outcomeColumns: Column<Outcome>[] = [
  { header: 'SPEC', value: (o) => o.spec.slug, priority: 1 },
  { header: 'CHANGE', value: (o) => o.change, priority: 1 },
  { header: 'VERSION', value: (o) => o.version?.number },
  { ...idColumn((o) => o.version?.id, 'VERSION ID'), priority: 3 },
  { header: 'STATE', value: (o) => ('processingState' in o.spec ? o.spec.processingState : undefined) },
];

export function registerPublish(group: Command, ctx: Context): void {
  group
    .command('publish')
    .argument('<file-or-url>', 'the OpenAPI 3.x / Swagger 2.0 document (JSON or YAML): a file, or an http(s) URL the instance fetches')
    .requiredOption('--spec <slug>', 'the spec slug (created if it does not exist)')
    .option('--dry-run', 'validate and show what would change, without publishing')
    .option('--organization <id>', "the organization, as the platform's CLI spells it (same as the global --org)")
    .description('validate an OpenAPI document locally, then publish it as a new version of a spec (idempotent)')
    .addHelpText('after', `
The document is validated here first; an invalid one exits 1 with the parser's messages and nothing
is sent. A file is sent as text; a URL is sent as a URL (the instance fetches it, and keeps it as the
spec's sourceURL). Publishing the same document again creates no version and exits 0, so CI jobs can
re-run. --org ID (or --organization ID, the platform CLI's flag) picks the organization.

Examples:
  $ docsctl openapi publish ./openapi.yaml --spec petstore
  $ docsctl openapi publish https://api.example.com/openapi.json --spec petstore --org ORG_ID
  $ docsctl openapi publish ./openapi.yaml --spec petstore --dry-run
  $ docsctl openapi publish ./openapi.yaml --spec petstore --json
  $ docsctl --url "$DOCS_URL" --token "$TOKEN" openapi publish --spec petstore --organization ORG_ID ./openapi.yaml`)
    .action(async (fileOrUrl: string, opts: { spec: string; dryRun?: boolean; organization?: string }) => {
      // A file is read and validated (off this thread) from the start, while the organization and the
      // spec's latest version are read: a publish waits for the slower, not for both. A URL is fetched
      // once the organization is known, as before. Failures are said in the same order: the
      // organization's, then the document's own faults, then a failed read of the spec.
      const early = isUrl(fileOrUrl) ? undefined : startReadingSpec(ctx, fileOrUrl);
      const organizationId = opts.organization ?? (await ctx.organizationId().catch((error: unknown) => {
        early?.abandon(); // the document no longer matters: nothing is left running behind the error
        throw error;
      }));
      const [read, known] = await Promise.allSettled([early ? early.read() : readValidSpec(ctx, fileOrUrl), latestText(ctx, organizationId, opts.spec)]);
      if (read.status === 'rejected') throw read.reason;
      if (known.status === 'rejected') throw known.reason;
      const [document, latest] = [read.value, known.value];
      const { digestOf } = await import('../../openapi-document/document');
      const change: Change = !latest.exists ? 'new-spec' : latest.text !== undefined && digestOf(latest.text) === document.sha256 ? 'no-change' : 'new-version';

      if (opts.dryRun) {
        ctx.out.message(
          change === 'new-spec' ? `Would create spec ${opts.spec} with this document as its first version.`
            : change === 'new-version' ? `Would publish a new version of spec ${opts.spec}.`
              : `No change: spec ${opts.spec} already has this document as its latest version.`,
        );
        await ctx.out.object({ spec: { slug: opts.spec }, change, dryRun: true }, outcomeColumns);
        return;
      }

      const api = await ctx.client();
      const source = isUrl(fileOrUrl) ? { url: fileOrUrl } : { text: document.text };
      const spec = await ctx.spin(`Publishing ${fileOrUrl} to spec ${opts.spec}`, () =>
        api.call(routes.createOrUpdateOpenAPISpecBySlug, { params: { organizationId, specSlug: opts.spec }, body: { source } }),
      );
      if (spec.lastProcessErrorCode) {
        throw new CliError(`spec ${opts.spec}: processing failed with ${spec.lastProcessErrorCode}: ${spec.lastProcessError ?? ''} (the previous version is kept)`);
      }
      const version = spec.lastVersion
        ? await api.call(routes.getOpenAPISpecVersionById, { params: { organizationId, specSlug: opts.spec, versionId: spec.lastVersion } })
        : undefined;
      ctx.out.message(
        change === 'no-change' ? `No change: spec ${opts.spec} already has this document (version ${version?.number}).`
          : `Published version ${version?.number} of spec ${opts.spec}${change === 'new-spec' ? ' (new spec)' : ''}.`,
      );
      await ctx.out.object({ spec, change, ...(version ? { version } : {}) }, outcomeColumns);
    });
}
