import type { FileStore } from '../../src/engine/content/file-store';
import { openDb } from '../../src/engine/store/db';
import { SqliteStore } from '../../src/engine/store/sqlite-store';
import { PostgresStore } from '../../src/engine/store/postgres-store';
import type { Store } from '../../src/engine/store/store';
import { createEngine, type Engine } from '../../src/engine/index';
import { manualClock, sequentialIds } from '../../src/engine/clock';
import { createUserRow } from '../../src/engine/users';
import { insertOrganization } from '../../src/engine/organizations';
import type { Role } from '../../src/domain/roles';
import { filesInS3, testS3Store } from './s3';
import { holdForTest, keepSchema, takeSchema, warmStore, workerDatabaseOf, type HeldStore } from './schema-pool';

export const PUBLIC_URL = 'http://docs.test';

let schemas = 0;
/** A migrated in-memory database's bytes: each SQLite test engine starts from a copy (~1 ms, where migrating took ~10). */
let migrated: Buffer | undefined;

/**
 * The store a test engine runs on: a SQLite database in memory, or, in the PostgreSQL run of the
 * suite (DOCSCTL_TEST_POSTGRES, set by test/global-setup.ts), a schema of its own in the worker's
 * database of the test cluster: a new one, or one a finished test left, emptied (./schema-pool.ts).
 */
export async function testStore(): Promise<Store> {
  const cluster = process.env.DOCSCTL_TEST_POSTGRES;
  if (process.env.DOCSCTL_TEST_BACKEND !== 'postgres' || !cluster) return new SqliteStore(openDb((migrated ??= openDb(':memory:').serialize())));
  const url = await workerDatabaseOf(cluster);
  const options = { max: 4, idleTimeoutMillis: 5000 };
  const reused = await takeSchema(url);
  const schema = reused ?? `t${process.pid}_${++schemas}_${Date.now().toString(36)}`;
  const store = (reused ? warmStore<PostgresStore & HeldStore>(reused) : undefined) ?? closedWhenEnded(await PostgresStore.open(url, { ...options, schema }));
  if (!reused) await keepSchema(url, schema);
  await holdForTest(schema, store);
  return store;
}

/** A test store that knows when a test closed it (an engine's `close` ends its connections). */
function closedWhenEnded(store: PostgresStore): PostgresStore & HeldStore {
  let ended = false;
  const close = store.close.bind(store);
  return Object.assign(store, { closed: () => ended, close: async () => ((ended = true), await close()) });
}

/**
 * An engine on an in-memory database with a manual clock and predictable ids, already installed. In
 * the S3 run of the suite (test/helpers/s3.ts) its files go to a prefix of the test bucket unless
 * `files` names another store (`null`: in the database, whatever the run).
 */
export async function testEngine(options: { start?: string; maxFileSize?: number; files?: FileStore | null } = {}) {
  const clock = manualClock(options.start ?? '2026-03-01T10:00:00.000Z');
  const files = options.files === null ? undefined : (options.files ?? (filesInS3() ? testS3Store() : undefined));
  const engine = await createEngine({ store: await testStore(), clock, ids: sequentialIds('id'), publicUrl: PUBLIC_URL, maxFileSize: options.maxFileSize, files });
  const installation = await engine.install({ organizationTitle: 'Acme', adminEmail: 'admin@acme.test', adminName: 'Admin' });
  return { engine, clock, orgId: installation.organizationId, adminId: installation.userId };
}

/** Adds a user and makes them a member of `orgId` with `role` (null = guest). Returns the user id. */
export async function addMember(engine: Engine, orgId: string, email: string, role: Role | null = 'read', name?: string): Promise<string> {
  const { core } = engine;
  const user = await core.get<{ id: string }>('SELECT id FROM users WHERE email = ?', [email]) ?? await createUserRow(core, { email, displayName: name });
  await core.run('INSERT INTO members (organization_id, user_id, role, joined_at) VALUES (?, ?, ?, ?)', [orgId, user.id, role, core.now()]);
  return user.id;
}

/**
 * The standard members of a test organization besides its admin: a reader (`read`), a creator
 * (`create`) and a guest (no role), as reader@, creator@ and guest@acme.test. Returns their user ids.
 */
export async function standardUsers(t: { engine: Engine; orgId: string }): Promise<{ reader: string; creator: string; guest: string }> {
  return {
    reader: await addMember(t.engine, t.orgId, 'reader@acme.test', 'read', 'Reader'),
    creator: await addMember(t.engine, t.orgId, 'creator@acme.test', 'create', 'Creator'),
    guest: await addMember(t.engine, t.orgId, 'guest@acme.test', null, 'Guest'),
  };
}

/** Adds a user who belongs to no organization. */
export async function addUser(engine: Engine, email: string): Promise<string> {
  return (await createUserRow(engine.core, { email })).id;
}

/** Creates another organization with its own admin (for 404-across-organizations tests). */
export async function otherOrganization(engine: Engine, adminEmail = 'boss@other.test'): Promise<{ orgId: string; adminId: string }> {
  const adminId = (await createUserRow(engine.core, { email: adminEmail })).id;
  const orgId = await insertOrganization(engine.core, { title: 'Other Org', adminUserId: adminId });
  return { orgId, adminId };
}

export type TestEngine = Awaited<ReturnType<typeof testEngine>>;
