import type { Command } from 'commander';
import type { Context } from '../../../context';
import { routes } from '../../../api/routes/index';
import type { Column } from '../../../output/render';
import type { ResultOf } from '../../../api/routes/route';
import type { Routes } from '../../../api/routes/index';

type ApiReference = ResultOf<Routes['addSiteApiReference']>;

const detail: Column<ApiReference>[] = [
  { header: 'SPEC', value: (r) => r.spec },
  { header: 'SECTION', value: (r) => r.sectionId },
  { header: 'SPACE', value: (r) => r.spaceId },
  { header: 'TAGS', value: (r) => r.tags.join(', '), whole: true, overflow: 'line' },
  { header: 'ADDED', value: (r) => r.added.join(', '), whole: true, overflow: 'line' },
];

/** `docsctl sites api-reference add`: a section of a site generated from an OpenAPI spec (issue 58). */
export function registerApiReference(group: Command, ctx: Context): void {
  const reference = group.command('api-reference').description('API reference sections generated from OpenAPI specs')
    .addHelpText('after', '\nExamples:\n  $ docsctl sites api-reference add PUBLIC_SITE_ID --spec petstore');
  reference
    .command('add')
    .argument('<site>', 'site id')
    .requiredOption('--spec <slug>', "the organization's OpenAPI spec (docsctl openapi list)")
    .option('--title <title>', 'the section\'s title (2-64 characters; default "API reference")')
    .description('add a section of one page per tag of a spec, each showing its operations; again for the same spec: add pages for its new tags')
    .addHelpText('after', [
      '',
      'Each page shows its tag\'s operations (parameters, bodies, responses, a curl request) from the spec\'s',
      'latest version: `openapi publish` of a new version shows at the next view without a push, and adds a',
      'page for each new tag. A site whose spaces are at its root first gets a section holding them.',
      'Idempotent: running it again for the same spec changes nothing but pages for tags added since (exit 0).',
      '',
      'Examples:',
      '  $ docsctl sites api-reference add PUBLIC_SITE_ID --spec petstore',
      '  $ docsctl sites api-reference add PUBLIC_SITE_ID --spec petstore --title "REST API" --json | jq .tags',
    ].join('\n'))
    .action(async (siteId: string, opts: { spec: string; title?: string }) => {
      const organizationId = await ctx.organizationId();
      const api = await ctx.client();
      const added = await api.call(routes.addSiteApiReference, { params: { organizationId, siteId }, body: { spec: opts.spec, ...(opts.title ? { title: opts.title } : {}) } });
      ctx.out.message(added.created
        ? `Added an API reference of ${added.spec} to site ${siteId}: ${added.tags.length} page${added.tags.length === 1 ? '' : 's'} (${added.tags.join(', ')}).`
        : added.added.length ? `Added pages for new tags of ${added.spec}: ${added.added.join(', ')}.` : `The API reference of ${added.spec} is up to date.`);
      await ctx.out.object(added, detail);
    });
}
