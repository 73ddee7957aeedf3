import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { ApiError } from '../../api/errors';
import { CliError, UsageError, EXIT } from '../../errors';
import { readStdin } from '../shared/input';

/** The token piped to `login --with-token`: the first line of standard input, without blanks around it. */
async function tokenFromStdin(ctx: Context): Promise<string> {
  const token = (await readStdin(ctx)).split(/\r?\n/).find((line) => line.trim())?.trim();
  if (!token) throw new UsageError('--with-token: standard input held no token (pipe it in: docsctl login --url URL --with-token < token.txt)');
  return token;
}

export function registerLogin(program: Command, ctx: Context): void {
  // login reads the global --url, --token, --profile and --org flags: they mean the same thing here.
  program
    .command('login')
    .description('save a remote profile (--url and --token, checked against the server first)')
    .option('--no-use', 'save without making it the active profile')
    .option('--with-token', 'read the token from standard input (kept out of `ps` and shell history)')
    .addHelpText('after', '\nExamples:\n  $ docsctl login --url https://docs.acme.example --token "$TOKEN"\n  $ docsctl login --url http://localhost:8080 --token "$TOKEN" --profile staging --no-use')
    .action(async (opts: { use: boolean; withToken?: boolean }) => {
      const flags = ctx.flags();
      const url = flags.url ?? ctx.env.DOCSCTL_URL;
      if (opts.withToken && flags.token) throw new UsageError('--with-token and --token: give the token one way');
      const token = opts.withToken ? await tokenFromStdin(ctx) : (flags.token ?? ctx.env.DOCSCTL_TOKEN);
      const profile = flags.profile ?? 'default';
      if (!url) throw new UsageError('--url is required (or set DOCSCTL_URL)');
      if (!token) throw new UsageError('--token is required (or set DOCSCTL_TOKEN)');
      if (!/^[\w-]{1,64}$/.test(profile)) throw new UsageError('--profile: use letters, digits, - and _ (at most 64)');
      const [{ remoteTransport }, { ApiClient }] = await Promise.all([import('../../api/transports/remote'), import('../../api/client')]);
      const api = new ApiClient(remoteTransport({ baseUrl: url, token, retries: 1 }));
      try {
        const user = await api.call(routes.getAuthenticatedUser);
        const { profileStore } = await import('../../profiles');
        profileStore(ctx.env).save(profile, { url, token, ...(flags.org ? { org: flags.org } : {}) }, opts.use);
        ctx.out.message(`Logged in to ${url} as ${user.email} (profile ${profile}${opts.use ? ', active' : ''}).`);
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) throw new CliError(`the server rejected the token: ${error.message}`, EXIT.auth);
        throw error;
      } finally {
        await api.close();
      }
    });
}
