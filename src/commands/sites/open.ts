import type { Command } from 'commander';
import { spawn } from 'node:child_process';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';

/** The program that opens a URL in the visitor's browser: $BROWSER, else the platform's own. */
function browserCommand(env: NodeJS.ProcessEnv): [string, string[]] {
  if (env.BROWSER) return [env.BROWSER, []];
  if (process.platform === 'darwin') return ['open', []];
  if (process.platform === 'win32') return ['cmd', ['/c', 'start', '""']];
  return ['xdg-open', []];
}

/** Opens `url` in a browser, detached; resolves with what went wrong, if anything. */
function openInBrowser(url: string, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  const [command, args] = browserCommand(env);
  return new Promise((resolve) => {
    const child = spawn(command, [...args, url], { detached: true, stdio: 'ignore' });
    child.once('error', (error) => resolve(`could not start ${command} (${error.message}): open the URL yourself`));
    child.once('spawn', () => {
      child.unref();
      resolve(undefined);
    });
  });
}

export function registerOpen(group: Command, ctx: Context): void {
  group
    .command('open')
    .argument('<site>', 'site id')
    .description('print the URL a visitor opens a site at (with its key for a share-link site); on a terminal, offer to open it')
    .addHelpText('after', [
      '',
      'A published site is served by `docsctl serve` at that URL. On a terminal, docsctl offers to open it',
      'in your browser ($BROWSER when set).',
      '',
      'Examples:',
      '  $ docsctl sites open SITE_ID',
      '  $ docsctl sites open SITE_ID --json | jq -r .url',
    ].join('\n'))
    .action(async (siteId: string) => {
      const organizationId = await ctx.organizationId();
      const api = await ctx.client();
      const site = await api.call(routes.getSiteById, { params: { organizationId, siteId } });
      const url = site.urls.published;
      if (ctx.out.json) return ctx.out.raw({ id: site.id, title: site.title, published: site.published, visibility: site.visibility, url });
      ctx.out.text(url);
      if (!site.published) ctx.out.message(`Note: site ${site.id} is not published: visitors get 404 until it is (docsctl sites publish ${site.id}).`);
      else if (site.visibility === 'visitor-auth') ctx.out.message(`Note: site ${site.id} is for authenticated visitors: they open it with ?jwt_token= (a visitor token).`);
      if (await ctx.ask(`Open ${url} in your browser?`)) {
        const problem = await openInBrowser(url, ctx.env);
        if (problem) ctx.out.message(problem);
      }
    });
}
