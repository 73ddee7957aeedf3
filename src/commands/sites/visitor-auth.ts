import type { Command } from 'commander';
import type { Context } from '../../context';
import type { Column } from '../../output/render';
import { routes } from '../../api/routes/index';
import type { ResultOf } from '../../api/routes/route';

type VisitorAuth = ResultOf<typeof routes.getSiteVisitorAuth>;
const visitorAuthColumns: Column<VisitorAuth>[] = [
  { header: 'SIGNING KEY', value: (v) => v.signingKey, whole: true },
  { header: 'FALLBACK URL', value: (v) => v.fallbackUrl },
];

export function registerVisitorAuth(group: Command, ctx: Context): void {
  group
    .command('visitor-auth')
    .argument('<site>', 'site id')
    .description("show a visitor-auth site's signing key and fallback URL; set the URL, or rotate the key (admin role)")
    .option('--fallback-url <url>', 'send visitors without a valid token here (their sign-in page), with ?location= the page they asked for')
    .option('--no-fallback-url', 'answer them 404 instead')
    .option('--rotate-key', 'make a new signing key: tokens signed with the current one stop working')
    .option('-y, --yes', 'rotate without asking for confirmation')
    .addHelpText('after', [
      '',
      'Your sign-in backend signs each visitor token (HS256 JWT, with the organization id as `org` and an',
      '`exp` at most 30 days after its `iat`) with the signing key, and sends the visitor to the site with',
      '?jwt_token=TOKEN. Claims in the token drive adaptive content.',
      '',
      'Examples:',
      '  $ docsctl sites visitor-auth SITE_ID',
      '  $ docsctl sites visitor-auth SITE_ID --fallback-url https://auth.acme.example/docs-login',
      '  $ docsctl sites visitor-auth SITE_ID --rotate-key --yes --json | jq -r .signingKey',
    ].join('\n'))
    .action(async (siteId: string, opts: { fallbackUrl?: string | false; rotateKey?: boolean; yes?: boolean }) => {
      const organizationId = await ctx.organizationId();
      const api = await ctx.client();
      const params = { organizationId, siteId };
      const site = await api.call(routes.getSiteById, { params });
      if (opts.rotateKey) await ctx.confirm(`Rotate the visitor signing key of site "${site.title}" (${site.id})? Tokens signed with the current key stop working`, opts.yes);
      let auth: VisitorAuth | undefined;
      if (opts.fallbackUrl !== undefined) {
        auth = await api.call(routes.updateSiteVisitorAuth, { params, body: { fallbackUrl: opts.fallbackUrl === false ? null : opts.fallbackUrl } });
        ctx.out.message(opts.fallbackUrl === false ? `Visitors of site ${site.title} (${site.id}) without a valid token now get 404.` : `Visitors of site ${site.title} (${site.id}) without a valid token now go to ${opts.fallbackUrl}.`);
      }
      if (opts.rotateKey) {
        auth = await api.call(routes.rotateSiteVisitorKey, { params });
        ctx.out.message(`Rotated the visitor signing key of site ${site.title} (${site.id}).`);
      }
      auth ??= await api.call(routes.getSiteVisitorAuth, { params });
      if (site.visibility !== 'visitor-auth') ctx.out.message(`Note: site ${site.id} is ${site.visibility}; visitor tokens only open it once it is visitor-auth (docsctl sites update ${site.id} --visibility visitor-auth).`);
      await ctx.out.object(auth, visitorAuthColumns);
    });
}
