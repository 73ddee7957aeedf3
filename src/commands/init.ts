import type { Command } from 'commander';
import { UsageError } from '../errors';
import { openDatabase, type Context } from '../context';
import { loadSample } from '../engine/sample';
import { databaseLabel } from '../domain/database-location';

interface Opts {
  sample?: boolean;
  firstToken?: boolean;
  orgTitle?: string;
  adminEmail?: string;
  adminName?: string;
}

export function registerInit(program: Command, ctx: Context): void {
  program
    .command('init')
    .description('create the local database with a first organization and admin user (idempotent)')
    .option('--sample', 'fill the organization with realistic sample data (members, teams, spaces and content, a docs site, SAML, invite links)')
    .option('--org-title <title>', 'title of the first organization', 'My Organization')
    .option('--admin-email <email>', 'e-mail of the admin user', 'admin@example.com')
    .option('--admin-name <name>', 'display name of the admin user', 'Admin')
    .option('--first-token', 'when the organization is created, mint the admin a token and print it once (the default on PostgreSQL, where replicas are reached with tokens)')
    .option('--no-first-token', 'mint no token')
    .addHelpText('after', '\nExamples:\n  $ docsctl init --sample\n  $ docsctl --db ./acme.db init --org-title "Acme" --admin-email ops@acme.example --json\n  $ docsctl --db ./acme.db init --first-token')
    .action(async (opts: Opts) => {
      const target = ctx.target();
      if (target.mode !== 'local') {
        throw new UsageError(`init works on a local database, not on ${target.url}`);
      }
      const engine = await openDatabase(target.db, { publicUrl: ctx.env.DOCSCTL_PUBLIC_URL, credentials: ctx.credentials(), ...ctx.files() });
      try {
        const installation = await engine.install({ organizationTitle: opts.orgTitle, adminEmail: opts.adminEmail, adminName: opts.adminName });
        let sample: Awaited<ReturnType<typeof loadSample>> | undefined;
        if (opts.sample) {
          sample = await loadSample(engine);
        }
        const org = await engine.organizations.get({ userId: installation.userId }, installation.organizationId);
        const user = await engine.users.current({ userId: installation.userId });
        // Shown once, and only as the organization is created: a second run does not mint another.
        const mint = installation.created && (opts.firstToken ?? engine.core.store.backend === 'postgres');
        const first = mint ? await engine.tokens.create({ user: user.id, name: 'first' }) : undefined;
        const summary = {
          database: databaseLabel(target.db),
          created: installation.created,
          organization: { id: org.id, title: org.title },
          user: { id: user.id, email: user.email },
          ...(first ? { token: { id: first.id, name: first.name, token: first.token } } : {}),
          ...(sample ? { sample } : {}),
        };
        if (ctx.out.json) ctx.out.raw(summary);
        else {
          ctx.out.message(`${installation.created ? 'Created' : 'Using existing'} database ${databaseLabel(target.db)}`);
          ctx.out.message(`Organization: ${org.title} (${org.id})`);
          ctx.out.message(`Admin user:   ${user.email} (${user.id})`);
          if (sample) {
            ctx.out.message(
              sample.loaded
                ? `Sample data: ${sample.members} members in ${sample.teams} teams, ${sample.spaces} spaces in collections (and ${sample.deletedSpaces} recently deleted), pages and change requests in REST API, a published docs site, custom fields, a SAML provider and invite links.`
                : 'Sample data was already loaded.',
            );
          }
          if (first) {
            ctx.out.message(`First token (shown once; keep it in a secret store): ${first.token}`);
            ctx.out.message('Next: docsctl serve, then docsctl login --url URL --with-token < token-file');
          } else ctx.out.message('Next: docsctl members list');
        }
      } finally {
        await engine.close();
      }
    });
}
