import type { Command } from 'commander';
import type { Context } from '../../context';
import { CliError, EXIT } from '../../errors';
import type { Column } from '../../output/render';
import { latestText, readValidSpec } from './source';
import type { SpecDiff } from '../../openapi-diff/diff';

interface Row {
  kind: 'added' | 'removed' | 'changed';
  operation: string;
  breaking: boolean;
  detail: string;
}

const rowColumns: Column<Row>[] = [
  { header: 'CHANGE', value: (r) => r.kind, priority: 1 },
  { header: 'OPERATION', value: (r) => r.operation, priority: 1 },
  { header: 'BREAKING', value: (r) => (r.breaking ? 'yes' : 'no'), tone: (r) => (r.breaking ? 'bad' : undefined), priority: 1 },
  { header: 'DETAIL', value: (r) => r.detail, overflow: 'wrap' },
];

function rowsOf(diff: SpecDiff): Row[] {
  const name = (o: { method: string; path: string; operationId?: string }) => `${o.method} ${o.path}${o.operationId ? ` (${o.operationId})` : ''}`;
  return [
    ...diff.removed.map((o) => ({ kind: 'removed' as const, operation: name(o), breaking: true, detail: 'operation removed' })),
    ...diff.changed.flatMap((o) => o.changes.map((c) => ({ kind: 'changed' as const, operation: name(o), breaking: c.breaking, detail: c.message }))),
    ...diff.added.map((o) => ({ kind: 'added' as const, operation: name(o), breaking: false, detail: 'operation added' })),
  ];
}

export function registerDiff(group: Command, ctx: Context): void {
  group
    .command('diff')
    .argument('<slug>', 'the published spec to compare with (its latest version)')
    .argument('<file>', 'the new document (a file or an http(s) URL)')
    .option('--fail-on-breaking', 'exit 1 when any change is breaking (for CI)')
    .description("compare a document with a spec's latest version: added, removed and changed operations, breaking changes flagged")
    .addHelpText('after', `
Breaking: a removed operation, a removed parameter, a parameter or request body that became required
(or a new required parameter), a removed success response, and a narrowed response type (a removed
property, an enum that lost values, a changed type). Local $refs are followed.

Examples:
  $ docsctl openapi diff petstore ./openapi.yaml
  $ docsctl openapi diff petstore ./openapi.yaml --fail-on-breaking
  $ docsctl openapi diff petstore ./openapi.yaml --json`)
    .action(async (specSlug: string, file: string, opts: { failOnBreaking?: boolean }) => {
      const organizationId = await ctx.organizationId();
      const document = await readValidSpec(ctx, file);
      const latest = await latestText(ctx, organizationId, specSlug);
      if (!latest.exists) throw new CliError(`spec ${specSlug} not found`, EXIT.notFound);
      if (latest.text === undefined) throw new CliError(`spec ${specSlug} has no version yet: nothing to compare with`, EXIT.notFound);
      const { parseText } = await import('../../openapi-document/document');
      const { diffSpecs } = await import('../../openapi-diff/diff');
      const diff = diffSpecs(parseText(latest.text), parseText(document.text));
      if (ctx.out.json) ctx.out.raw(diff);
      else await ctx.out.list(rowsOf(diff), rowColumns);
      ctx.out.message(`${diff.added.length} added, ${diff.removed.length} removed, ${diff.changed.length} changed operations; ${diff.breaking} breaking change${diff.breaking === 1 ? '' : 's'}.`);
      if (opts.failOnBreaking && diff.breaking > 0) throw new CliError(`${diff.breaking} breaking change${diff.breaking === 1 ? '' : 's'} (--fail-on-breaking)`);
    });
}
