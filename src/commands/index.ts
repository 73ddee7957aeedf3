import type { Command } from 'commander';
import type { Context } from '../context';
import { VALUE_FLAGS } from '../global-flags';
type Register = (program: Command, ctx: Context) => void;

/**
 * Every command group, by the first word that invokes it, loaded on demand: a command line pays
 * only for the group it runs (esbuild puts each in its own chunk).
 */
const GROUPS: Record<string, () => Promise<Register>> = {
  init: () => import('./init').then((m) => m.registerInit),
  orgs: () => import('./orgs/index').then((m) => m.registerOrgs),
  members: () => import('./members/index').then((m) => m.registerMembers),
  teams: () => import('./teams/index').then((m) => m.registerTeams),
  invites: () => import('./invites/index').then((m) => m.registerInvites),
  saml: () => import('./saml/index').then((m) => m.registerSaml),
  sso: () => import('./sso/index').then((m) => m.registerSso),
  users: () => import('./users/index').then((m) => m.registerUsers),
  spaces: () => import('./spaces/index').then((m) => m.registerSpaces),
  collections: () => import('./collections/index').then((m) => m.registerCollections),
  'custom-fields': () => import('./custom-fields/index').then((m) => m.registerCustomFields),
  db: () => import('./db/index').then((m) => m.registerDb),
  'change-requests': () => import('./change-requests/index').then((m) => m.registerChangeRequests),
  cr: () => import('./change-requests/index').then((m) => m.registerChangeRequests),
  content: () => import('./content/index').then((m) => m.registerContent),
  revisions: () => import('./revisions/index').then((m) => m.registerRevisions),
  comments: () => import('./comments/index').then((m) => m.registerComments),
  search: () => import('./search/index').then((m) => m.registerSearch),
  links: () => import('./links/index').then((m) => m.registerLinks),
  sites: () => import('./sites/index').then((m) => m.registerSites),
  sections: () => import('./sections/index').then((m) => m.registerSections),
  'section-groups': () => import('./section-groups/index').then((m) => m.registerSectionGroups),
  'site-spaces': () => import('./site-spaces/index').then((m) => m.registerSiteSpaces),
  openapi: () => import('./openapi/index').then((m) => m.registerOpenapi),
  translations: () => import('./translations/index').then((m) => m.registerTranslations),
  audit: () => import('./audit/index').then((m) => m.registerAudit),
  export: () => import('./org-archive/index').then((m) => m.registerOrgArchive),
  import: () => import('./org-archive/index').then((m) => m.registerOrgArchive),
  tokens: () => import('./tokens/index').then((m) => m.registerTokens),
  webhooks: () => import('./webhooks/index').then((m) => m.registerWebhooks),
  login: () => import('./auth/index').then((m) => m.registerAuth),
  logout: () => import('./auth/index').then((m) => m.registerAuth),
  whoami: () => import('./auth/index').then((m) => m.registerAuth),
  api: () => import('./api').then((m) => m.registerApi),
  mcp: () => import('./mcp').then((m) => m.registerMcp),
  serve: () => import('./serve').then((m) => m.registerServe),
  completion: () => import('./completion/index').then((m) => m.registerCompletion),
  __complete: () => import('./completion/index').then((m) => m.registerCompletion),
  '__openapi-validate': () => import('./openapi/validate-child').then((m) => m.registerValidateChild),
};


function commandWord(argv: string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (VALUE_FLAGS.has(arg)) i++;
    else if (!arg.startsWith('-')) return arg;
  }
  return undefined;
}

/**
 * Registers the group the command line invokes, or every group when it names none (help, typos), so
 * start-up does not pay for building commands it will not run.
 */
export async function registerCommands(program: Command, ctx: Context, argv: string[] = []): Promise<void> {
  const word = commandWord(argv);
  const only = word === undefined || word === 'help' ? undefined : GROUPS[word];
  const loaders = only ? [only] : Object.values(GROUPS);
  const registers = await Promise.all(loaders.map((load) => load()));
  for (const register of new Set(registers)) register(program, ctx);
}
