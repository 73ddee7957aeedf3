import { resolve } from 'node:path';
import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { CliError, EXIT, UsageError } from '../../errors';
import { loadArchive, ArchiveContentError, ArchiveError, ManifestError } from '../../org-archive/archive';
import { IdMap, IdMapError } from '../../org-archive/id-map';
import { sha256 } from '../../org-archive/manifest';
import type { Column } from '../../output/render';
import { Importer, type ImportIssue } from './importer';
import { importPlan, progressTotal, type PlanRow } from './import-plan';
import { instanceUrl } from './target';
import {
  importCollections, importCustomFields, importInvites, importLastSettings, importMembers, importSamlProviders, importSettings, importSpecs,
  importTeams, importTranslations, targetMembers,
} from './write-org';
import { importSpace } from './write-space';
import { importSite } from './write-site';

interface Opts {
  map?: string;
  dryRun?: boolean;
  newOrg?: boolean;
}

const planColumns: Column<PlanRow>[] = [
  { header: 'KIND', value: (r) => r.kind },
  { header: 'IN ARCHIVE', value: (r) => String(r.archived) },
  { header: 'ALREADY IMPORTED', value: (r) => String(r.done) },
  { header: 'TO IMPORT', value: (r) => String(r.todo) },
];
const summaryColumns: Column<PlanRow & { failed: number }>[] = [
  { header: 'KIND', value: (r) => r.kind },
  { header: 'IN ARCHIVE', value: (r) => String(r.archived) },
  { header: 'IMPORTED', value: (r) => String(r.archived - r.failed) },
  { header: 'FAILED', value: (r) => String(r.failed) },
];

/** Reads the archive, turning every way it can be wrong into a message that names the file and the fault. */
async function openArchive(path: string, shown: string) {
  try {
    return await loadArchive(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new CliError(`${shown}: no such file`, EXIT.notFound);
    if (code === 'EISDIR') throw new CliError(`${shown}: is a folder, not an archive`, EXIT.usage);
    if (error instanceof ArchiveError || error instanceof ManifestError || error instanceof ArchiveContentError) {
      throw new CliError(`${shown}: ${error.message}`, EXIT.error);
    }
    throw error;
  }
}

const printIssues = (ctx: Context, title: string, issues: ImportIssue[]) => {
  if (!issues.length) return;
  ctx.out.message(title);
  for (const issue of issues) ctx.out.message(`  ${issue.object}: ${issue.reason}`);
};

export function registerImport(program: Command, ctx: Context): void {
  program
    .command('import')
    .argument('<archive>', 'an archive written by docsctl export')
    .description('recreate an archived organization in an organization of this instance, through the API (resumable)')
    .option('--map <file>', 'the mapping file: archived ids to new ids, and the steps done (default: ARCHIVE.map.json)')
    .option('--dry-run', 'print what would be imported, and which people are members already, and change nothing')
    .option('--new-org', 'import into a new organization, titled as the archived one, of which you become the admin (not with --org)')
    .addHelpText('after', `
Ids are remapped (the mapping file records them), people are matched by e-mail (those not members
are invited), and links between objects follow the mapping. Re-running after a failure continues
where it stopped without making anything twice. Import into an empty organization (a new database's
first one: create the database with init first, or --org ID), or let --new-org create one (a re-run
goes on in the one it created).

Examples:
  $ docsctl import acme.docsctl.tgz --org ORG_ID --dry-run
  $ docsctl import acme.docsctl.tgz --new-org --dry-run
  $ docsctl --db ./copy.db init
  $ docsctl --db ./copy.db import acme.docsctl.tgz

Exit codes: 0 all imported, 1 something could not be carried over (listed with the reason; run it
again to retry), 5 no such archive or organization.`)
    .action(async (file: string, opts: Opts) => {
      const path = resolve(ctx.io.cwd, file);
      const { manifest, archive } = await openArchive(path, file);
      const mapPath = resolve(ctx.io.cwd, opts.map ?? `${file}.map.json`);
      const digest = sha256(Buffer.from(JSON.stringify(manifest)));
      const api = await ctx.client();
      let organizationId: string;
      if (opts.newOrg) {
        if (ctx.target().org) throw new UsageError('--new-org creates the organization to import into: it cannot be combined with --org');
        // A re-run goes on in the organization the first run created (its mapping file names it).
        const earlier = IdMap.recordedOrganization(mapPath, digest, instanceUrl(ctx));
        if (earlier) organizationId = earlier;
        else if (opts.dryRun) {
          ctx.out.message(`Dry run: importing ${file} would create an organization titled "${manifest.source.title}" and import into it. Nothing was changed.`);
          return;
        } else organizationId = (await api.call(routes.createOrganization, { body: { title: manifest.source.title } })).id;
      } else {
        organizationId = await ctx.organizationId();
      }
      await api.call(routes.getOrganizationById, { params: { organizationId } });
      let map: IdMap;
      try {
        map = IdMap.open(mapPath, digest, { url: instanceUrl(ctx), organization: organizationId }, !opts.dryRun);
        // Recorded at once, so a run that stops right after creating the organization resumes in it.
        if (opts.newOrg && !opts.dryRun) map.markDone('organization');
      } catch (error) {
        if (error instanceof IdMapError) throw new CliError(error.message, EXIT.usage);
        throw error;
      }
      const before = importPlan(archive, map);
      if (opts.dryRun) {
        const members = await targetMembers({ api, organizationId });
        const matched = archive.organization.members.filter((m) => members.has(m.email.toLowerCase())).length;
        const users = { matched, invited: archive.organization.members.length - matched };
        if (ctx.out.json) await ctx.out.raw({ dryRun: true, organization: organizationId, source: manifest.source, plan: before, users });
        else {
          await ctx.out.list(before, planColumns);
          ctx.out.message(`Dry run: importing ${file} (organization ${manifest.source.organization} of ${manifest.source.url}) into ${organizationId} would match ${users.matched} member(s) by e-mail and invite ${users.invited}. Nothing was changed.`);
        }
        return;
      }
      const progress = ctx.progress('Importing');
      progress.setTotal(progressTotal(archive));
      const im = new Importer(api, organizationId, map, archive, progress);
      try {
        im.callerEmail = (await api.call(routes.getAuthenticatedUser)).email;
        await importSettings(im);
        await importMembers(im);
        await importTeams(im);
        await importCustomFields(im);
        await importTranslations(im);
        await importSpecs(im);
        await importCollections(im);
        for (const space of archive.spaces) await importSpace(im, space);
        await importSamlProviders(im);
        await importInvites(im);
        for (const site of archive.sites) await importSite(im, site);
        await importLastSettings(im);
      } finally {
        progress.done();
      }
      const after = importPlan(archive, map);
      const rows = after.map((r) => ({ ...r, failed: r.todo }));
      if (ctx.out.json) await ctx.out.raw({ organization: organizationId, map: mapPath, summary: rows, failures: im.failures, notes: im.notes });
      else await ctx.out.list(rows, summaryColumns);
      printIssues(ctx, 'Carried over with a loss:', im.notes);
      printIssues(ctx, 'Could not be carried over:', im.failures);
      const resumed = before.reduce((n, r) => n + r.done, 0);
      ctx.out.message(`Imported ${file} into organization ${organizationId}${resumed ? ` (resumed: ${resumed} step(s) were done by an earlier run)` : ''}; ids are mapped in ${mapPath}.`);
      if (im.failures.length) throw new CliError(`${im.failures.length} object(s) could not be carried over (listed above); run the same command again to retry them`, EXIT.error);
    });
}
