import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { ApiError } from '../../api/errors';
import type { ApiClient } from '../../api/client';
import { CliError, UsageError, EXIT } from '../../errors';
import { readStdin } from '../shared/input';
import { isCI } from '../../output/terminal';
import { readSecret, SecretCancelled } from '../../output/secret';

/** The token piped to `login --with-token`: the first line of standard input, without blanks around it. */
async function tokenFromStdin(ctx: Context): Promise<string> {
  const token = (await readStdin(ctx)).split(/\r?\n/).find((line) => line.trim())?.trim();
  if (!token) throw new UsageError('--with-token: standard input held no token (pipe it in: docsctl login --url URL --with-token < token.txt)');
  return token;
}

/**
 * Asks for the token on the terminal without echoing it (as `gh auth login` does): only when standard
 * input is a terminal and no CI is set; otherwise a clear usage error, never a read of piped input
 * that was not asked for with --with-token.
 */
async function tokenFromTerminal(ctx: Context, url: string): Promise<string> {
  const { stdin, stderr } = ctx.io;
  if (!stdin.isTTY || isCI(ctx.env)) {
    throw new UsageError(`--token is required: pipe it in with --with-token (docsctl login --url ${url} --with-token < token.txt), set DOCSCTL_TOKEN, or run login on a terminal to be asked for it${isCI(ctx.env) ? ' (CI is set: nothing is asked)' : ''}`);
  }
  const question = `Paste the API token for ${url} (it is not shown): `;
  let typed: string;
  try {
    typed = await readSecret(stdin, stderr, question);
  } catch (error) {
    if (error instanceof SecretCancelled) throw new UsageError('cancelled');
    throw error;
  }
  const token = typed.trim();
  if (!token) throw new UsageError('no token given: paste it at the prompt, or pass --with-token');
  return token;
}

/** The caller's organization when it is their only one (a profile then saves it), else undefined. */
async function onlyOrganization(api: ApiClient): Promise<{ id: string; title: string } | undefined> {
  try {
    const orgs = await api.call(routes.listOrganizations, { query: { limit: 2 } });
    return orgs.count === 1 && orgs.items.length === 1 ? orgs.items[0] : undefined;
  } catch (error) {
    if (error instanceof ApiError) return undefined; // a server that will not list them: nothing saved, looked up per command as before
    throw error;
  }
}

export function registerLogin(program: Command, ctx: Context): void {
  // login reads the global --url, --token, --profile and --org flags: they mean the same thing here.
  program
    .command('login')
    .description('save a remote profile (--url and a token, checked against the server first; on a terminal the token is asked for, unechoed)')
    .option('--no-use', 'save without making it the active profile')
    .option('--with-token', 'read the token from standard input (kept out of `ps` and shell history)')
    .addHelpText('after', '\nWithout --token or --with-token, login asks for the token on a terminal and does not show it as\nit is typed or pasted; piped, give it with --with-token (docsctl login --url URL --with-token < token.txt).\nThe profile keeps an organization: --org, else your only one (commands through the profile then\nneed no look-up of it); a member of several passes --org, here or to each command.\n\nExamples:\n  $ docsctl login --url https://docs.acme.example --token "$TOKEN"\n  $ docsctl login --url http://localhost:8080 --token "$TOKEN" --profile staging --no-use')
    .action(async (opts: { use: boolean; withToken?: boolean }) => {
      const flags = ctx.flags();
      const url = flags.url ?? ctx.env.DOCSCTL_URL;
      if (opts.withToken && flags.token) throw new UsageError('--with-token and --token: give the token one way');
      const profile = flags.profile ?? 'default';
      // Everything that can be refused is, before a token is asked for.
      if (!url) throw new UsageError('--url is required (or set DOCSCTL_URL)');
      if (!/^[\w-]{1,64}$/.test(profile)) throw new UsageError('--profile: use letters, digits, - and _ (at most 64)');
      const token = opts.withToken ? await tokenFromStdin(ctx) : (flags.token ?? ctx.env.DOCSCTL_TOKEN ?? await tokenFromTerminal(ctx, url));
      const [{ remoteTransport }, { ApiClient }] = await Promise.all([import('../../api/transports/remote'), import('../../api/client')]);
      const api = new ApiClient(remoteTransport({ baseUrl: url, token, retries: 1 }));
      try {
        const user = await api.call(routes.getAuthenticatedUser);
        // The organization is saved with the profile: --org, else the user's only one, so that no command
        // through the profile has to look it up first (a request fewer each). With several, none is saved.
        const only = flags.org ? undefined : await onlyOrganization(api);
        const org = flags.org ?? only?.id;
        const { profileStore } = await import('../../profiles');
        profileStore(ctx.env).save(profile, { url, token, ...(org ? { org } : {}) }, opts.use);
        ctx.out.message(`Logged in to ${url} as ${user.email} (profile ${profile}${opts.use ? ', active' : ''}).`);
        if (only) ctx.out.message(`Organization ${only.id} "${only.title}", your only one, saved with the profile (log in again with --org ID for another).`);
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) throw new CliError(`the server rejected the token: ${error.message}`, EXIT.auth);
        throw error;
      } finally {
        await api.close();
      }
    });
}
