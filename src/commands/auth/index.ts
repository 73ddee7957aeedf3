import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { ApiError } from '../../api/errors';
import { CliError, UsageError } from '../../errors';
import { userColumns } from '../shared/columns';

export function registerAuth(program: Command, ctx: Context): void {
  program
    .command('login')
    .description('save a remote profile (URL and token), checked against the server first')
    .requiredOption('--url <url>', 'base URL of the instance, e.g. https://docs.acme.example')
    .option('--token <token>', 'API token (default: env DOCSCTL_TOKEN)')
    .option('--profile <name>', 'profile name', 'default')
    .option('--org <id>', 'default organization for this profile')
    .option('--no-use', 'save without making it the active profile')
    .addHelpText('after', '\nExamples:\n  $ docsctl login --url https://docs.acme.example --token "$TOKEN"\n  $ docsctl login --url http://localhost:8080 --token "$TOKEN" --profile staging --no-use')
    .action(async (opts: { url: string; token?: string; profile: string; org?: string; use: boolean }) => {
      const token = opts.token ?? ctx.env.DOCSCTL_TOKEN;
      if (!token) throw new UsageError('--token is required (or set DOCSCTL_TOKEN)');
      if (!/^[\w-]{1,64}$/.test(opts.profile)) throw new UsageError('--profile: use letters, digits, - and _ (at most 64)');
      const [{ remoteTransport }, { ApiClient }] = await Promise.all([import('../../api/transports/remote'), import('../../api/client')]);
      const api = new ApiClient(remoteTransport({ baseUrl: opts.url, token, retries: 1 }));
      try {
        const user = await api.call(routes.getAuthenticatedUser);
        const { profileStore } = await import('../../profiles');
        profileStore(ctx.env).save(opts.profile, { url: opts.url, token, ...(opts.org ? { org: opts.org } : {}) }, opts.use);
        ctx.out.message(`Logged in to ${opts.url} as ${user.email} (profile ${opts.profile}${opts.use ? ', active' : ''}).`);
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) throw new CliError(`the server rejected the token: ${error.message}`, 4);
        throw error;
      } finally {
        await api.close();
      }
    });

  program
    .command('logout')
    .description('forget a saved profile')
    .option('--profile <name>', 'profile name', 'default')
    .addHelpText('after', '\nExamples:\n  $ docsctl logout\n  $ docsctl logout --profile staging')
    .action(async (opts: { profile: string }) => {
      const { profileStore } = await import('../../profiles');
      const removed = profileStore(ctx.env).remove(opts.profile);
      ctx.out.message(removed ? `Removed profile ${opts.profile}.` : `No profile ${opts.profile}; nothing to do.`);
    });

  program
    .command('whoami')
    .description('who you act as, and where (local database or remote URL)')
    .addHelpText('after', '\nExamples:\n  $ docsctl whoami\n  $ docsctl whoami --json')
    .action(async () => {
      const target = ctx.target();
      const api = await ctx.client();
      const user = await api.call(routes.getAuthenticatedUser);
      const where = target.mode === 'local' ? `local database ${target.db}` : `${target.url}${target.profile ? ` (profile ${target.profile})` : ''}`;
      if (ctx.out.json) ctx.out.raw({ user, mode: target.mode, target: target.mode === 'local' ? target.db : target.url, source: target.source });
      else {
        await ctx.out.object(user, userColumns);
        ctx.out.message(`Acting on ${where}, chosen by ${target.source}.`);
      }
    });
}
