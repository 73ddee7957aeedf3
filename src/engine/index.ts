import { Core, type EngineOptions } from './core';
import { organizationsModule } from './organizations';
import { membersModule } from './members';
import { teamsModule } from './teams';
import { invitesModule } from './invites';
import { samlModule } from './saml';
import { usersModule } from './users';
import { tokensModule } from './tokens';
import { spacesModule } from './spaces';
import { collectionsModule } from './collections';
import { spacePermissionsModule } from './space-permissions';
import { customFieldsModule } from './custom-fields';
import { changeRequestsModule } from './change-requests';
import { contentReadsModule } from './content/reads';
import { commentsModule } from './comments/index';
import { searchModule } from './content/search';
import { linksModule } from './content/links';
import { importModule } from './content/import/index';
import { docsSitesModule } from './sites/index';
import { openapiModule } from './openapi/index';
import { apiReferenceModule } from './sites/api-reference';
import { translationsModule } from './translations';
import { ensureInstallation, installationOf, type BootstrapOptions } from './bootstrap';
import { SCHEMA_VERSION } from './store/db';
import { openStore } from './store/open-store';
import { openFileStore, settleFileStore, type FileStoreOptions } from './content/file-store';
import type { DatabaseCredentials } from './store/postgres-password';
import { randomIds, systemClock, type Clock, type IdGenerator } from './clock';
import { auditModule } from './audit';
import { uploadsModule } from './content/uploads';
import { historyModule } from './history/index';
import { webhooksModule, onWebhookEvents, purgeDeliveries } from './webhooks';
import { webhookDeliverer, type DeliveryOptions } from './webhook-delivery';

export type { Actor } from './core';

/** The whole server-side engine: one object per resource, sharing one database. */
export async function createEngine(options: EngineOptions & {
  /** How the store the database remembers is opened when `files` gives none (the endpoint and credentials of S3). */
  fileStoreOptions?: FileStoreOptions;
}) {
  const core = new Core(options);
  const spaces = spacesModule(core);
  const audit = auditModule(core);
  const uploads = uploadsModule(core, spaces);
  /**
   * Deleted spaces, audit records and uploads past their retention go; answers how many spaces went.
   * `sweepFiles`: also look through the file store for objects no row names (a walk of the whole
   * store: hourly under `serve` and on `db purge`, not at every open).
   */
  const purgeExpired = async (options: { sweepFiles?: boolean } = {}): Promise<number> => {
    const purged = await spaces.purge();
    await audit.purge();
    await uploads.purge(options);
    await purgeDeliveries(core);
    return purged;
  };
  core.files = await settleFileStore(core, options.files, options.fileStoreOptions);
  // As soon as the engine opens, then hourly under `serve` and on `docsctl db purge`.
  const purgedAtOpen = await purgeExpired();
  const changeRequests = changeRequestsModule(core, spaces);
  const docsSites = docsSitesModule(core, spaces);
  const apiReference = apiReferenceModule(core, spaces, changeRequests, docsSites.structure);
  return {
    /** How many spaces opening the engine purged (`docsctl db purge` reports them too). */
    purgedAtOpen,
    purgeExpired,
    core,
    organizations: organizationsModule(core),
    members: membersModule(core),
    teams: teamsModule(core),
    invites: invitesModule(core),
    saml: samlModule(core),
    users: usersModule(core),
    tokens: tokensModule(core),
    spaces,
    collections: collectionsModule(core),
    spacePermissions: spacePermissionsModule(core, spaces),
    customFields: customFieldsModule(core, spaces),
    changeRequests,
    content: contentReadsModule(core, spaces, changeRequests),
    history: historyModule(core, spaces, changeRequests),
    comments: commentsModule(core, spaces, changeRequests),
    search: searchModule(core, spaces),
    links: linksModule(core, spaces, changeRequests),
    imports: importModule(core, spaces, changeRequests),
    ...docsSites,
    apiReference,
    openapi: openapiModule(core, async (actor, organizationId, slug) => await apiReference.syncSpec(actor, organizationId, slug)),
    translations: translationsModule(core),
    audit,
    uploads,
    webhooks: webhooksModule(core),
    /** Sends pending webhook deliveries (`serve`, `webhooks flush`). */
    webhookDeliverer: (options: DeliveryOptions) => webhookDeliverer(core, options),
    /** Calls `listener` when this process records webhook deliveries (`serve` wakes its deliverer). */
    onWebhookEvents: (listener: () => void) => onWebhookEvents(core, listener),
    install: async (bootstrap?: BootstrapOptions) => await ensureInstallation(core, bootstrap),
    /** The first organization and the admin user, once installed. */
    installation: async () => await installationOf(core),
    /** Whether the database answers and its schema is this docsctl's: true, or why not (`/readyz`). */
    ready: async (): Promise<true | string> => {
      try {
        const version = await core.store.schemaVersion();
        return version === SCHEMA_VERSION ? true : `the database schema is ${version}, this docsctl's is ${SCHEMA_VERSION}`;
      } catch (error) {
        return `the database does not answer: ${(error as Error).message}`;
      }
    },
    close: async (): Promise<void> => await options.store.close(),
  };
}

export type Engine = Awaited<ReturnType<typeof createEngine>>;

/** Opens an engine on a database (a SQLite file or a `postgres://` URL) with the real clock and ids unless others are given. */
export async function openEngine(
  file: string,
  options: {
    publicUrl?: string; clock?: Clock; ids?: IdGenerator; importLimits?: EngineOptions['importLimits']; openapiLimits?: EngineOptions['openapiLimits'];
    maxFileSize?: number; credentials?: DatabaseCredentials;
    /** `--files`: where new files' bytes go (`dir:PATH`, a relative PATH being `cwd`'s; `s3://BUCKET/PREFIX`, reached as `s3` says). */
    files?: string; cwd?: string; s3?: FileStoreOptions['s3'];
  } = {},
): Promise<Engine> {
  const fileStoreOptions: FileStoreOptions = { cwd: options.cwd, s3: options.s3 };
  const files = options.files ? openFileStore(options.files, fileStoreOptions) : undefined;
  return await createEngine({
    files,
    fileStoreOptions,
    store: await openStore(file, { credentials: options.credentials }),
    clock: options.clock ?? systemClock,
    ids: options.ids ?? randomIds,
    publicUrl: options.publicUrl ?? 'http://localhost:8080',
    importLimits: options.importLimits,
    openapiLimits: options.openapiLimits,
    maxFileSize: options.maxFileSize,
  });
}
