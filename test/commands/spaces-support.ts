import { openEngine } from '../../src/engine/index';
import { insertOrganization } from '../../src/engine/organizations';
import type { Role } from '../../src/domain/roles';
import { addMember } from '../helpers/engine';
import { json, type Sandbox } from './support';
import { mapInOrder } from '../../src/engine/in-order';

/** Spaces, collections and custom fields tests: members besides admin@example.com. */
export const READER = 'reader@example.com';
export const EDITOR = 'editor@example.com';

/** Opens the sandbox's database directly (for state the CLI cannot create), then closes it. */
export async function withEngine<T>(s: Sandbox, work: (engine: Awaited<ReturnType<typeof openEngine>>, ids: { organizationId: string; adminId: string }) => T | Promise<T>): Promise<T> {
  const engine = await openEngine(s.env.DOCSCTL_DB);
  try {
    const { organizationId, userId } = await engine.install();
    return await engine.core.write(async () => await work(engine, { organizationId, adminId: userId }));
  } finally {
    await engine.close();
  }
}

/** Adds members to the sandbox's organization: e-mail -> role (null: guest). Returns e-mail -> user id. */
export async function addMembers(s: Sandbox, members: Record<string, Role | null>): Promise<Record<string, string>> {
  return await withEngine(s, async (engine, { organizationId }) =>
    Object.fromEntries(await mapInOrder(Object.entries(members), async ([email, role]) => [email, await addMember(engine, organizationId, email, role)])),
  );
}

/** A second organization; admin@example.com is its admin unless `adminEmail` names someone else. Returns its id. */
export async function addOrganization(s: Sandbox, title = 'Other Org', adminEmail?: string): Promise<string> {
  return await withEngine(s, async (engine, { adminId }) => {
    const admin = adminEmail ? (await engine.core.get<{ id: string }>('SELECT id FROM users WHERE email = ?', [adminEmail]))!.id : adminId;
    return await insertOrganization(engine.core, { title, adminUserId: admin });
  });
}

/** Creates a space with `spaces create --json` and returns it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function createSpace(s: Sandbox, title: string, ...flags: string[]): Promise<any> {
  return json(s, ['spaces', 'create', '--title', title, ...flags]);
}

/** Creates a collection with `collections create --json` and returns it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function createCollection(s: Sandbox, title: string, ...flags: string[]): Promise<any> {
  return json(s, ['collections', 'create', title, ...flags]);
}

/** Titles of `spaces list` (or another list command), in the order the CLI prints them. */
export async function titles(s: Sandbox, argv: string[]): Promise<string[]> {
  return (await json(s, argv)).items.map((i: { title: string }) => i.title);
}
