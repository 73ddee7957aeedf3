import type { Engine } from '../../src/engine/index';

/**
 * Inserts a site row directly (the columns without defaults), so structure tests do not depend on the
 * sites API. Returns the site id.
 */
export async function insertSite(engine: Engine, organizationId: string, options: { id?: string; title?: string } = {}): Promise<string> {
  const { core } = engine;
  const id = options.id ?? core.newId();
  const now = core.now();
  await core.run('INSERT INTO sites (id, organization_id, title, share_key, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)', [
    id, organizationId, options.title ?? 'Docs', `key-${id}`, now, now,
  ]);
  return id;
}

/** Creates a live space in the organization through the engine (as `userId`, an admin by default). */
export async function createSpace(engine: Engine, organizationId: string, userId: string, title: string): Promise<string> {
  return (await engine.spaces.create({ userId }, organizationId, { title })).id;
}
