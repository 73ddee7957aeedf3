import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { runBuilt, spawnBuiltServe } from '../helpers/built';
import { freshDatabase } from './database';
import { openEngine } from '../../src/engine/index';
import { addMember } from '../helpers/engine';

type Server = ReturnType<typeof spawnBuiltServe>;

/**
 * Two `docsctl serve` replicas, built entry, on one PostgreSQL database: writes sent to both at once
 * keep the invariants, and what one replica remembers never outlives a change made elsewhere.
 */
describe('two serve replicas on one PostgreSQL database', () => {
  const dir = mkdtempSync(join(tmpdir(), 'docsctl-replicas-'));
  let box: { dir: string; env: Record<string, string> };
  const servers: Server[] = [];
  const urls: string[] = [];
  let admin: { token: string; id: string; org: string };

  const call = async (replica: number, method: string, path: string, token: string, body?: unknown) => {
    const res = await request(`${urls[replica]}${path}`, {
      method: method as 'GET',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.body.text();
    return { status: res.statusCode, body: text ? JSON.parse(text) : undefined };
  };
  const cli = async (argv: string[]) => {
    const result = await runBuilt(box, argv);
    expect(result.code, result.stderr).toBe(0);
    return result.stdout;
  };
  const mint = async (user: string) => JSON.parse(await cli(['tokens', 'create', '--user', user, '--name', 'replicas', '--json'])) as { id: string; token: string };

  beforeAll(async () => {
    box = { dir, env: { DOCSCTL_DATABASE_URL: await freshDatabase('replicas'), DOCSCTL_CONFIG_DIR: join(dir, 'config'), HOME: dir } };
    const installed = JSON.parse(await cli(['init', '--json']));
    admin = { ...(await mint(installed.user.email)), id: installed.user.id, org: installed.organization.id };
    for (let i = 0; i < 2; i++) {
      const server = spawnBuiltServe(box, ['--port', '0', '--json', '--rate-limit', '1000000', '--log-format', 'off']);
      servers.push(server);
      urls.push(await server.listening);
    }
  }, 60_000);

  afterAll(async () => {
    for (const server of servers) expect((await server.stop()).code).toBe(0);
    rmSync(dir, { recursive: true, force: true });
  });

  it('creates every team sent to either replica at once, each with its one audit record', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => call(i % 2, 'PUT', `/v1/orgs/${admin.org}/teams`, admin.token, { title: `Team ${i}` })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(30).fill(201));
    const teams = await call(0, 'GET', `/v1/orgs/${admin.org}/teams?limit=100`, admin.token);
    expect(teams.body.items.filter((t: { title: string }) => t.title.startsWith('Team '))).toHaveLength(30);
    const audit = await call(1, 'GET', `/v1/orgs/${admin.org}/audit-log?action=createOrganizationTeam&limit=100`, admin.token);
    expect(audit.body.count).toBe(30);
  });

  it('numbers change requests densely when both replicas open them at once', async () => {
    const space = await call(0, 'POST', `/v1/orgs/${admin.org}/spaces`, admin.token, { title: 'Busy space' });
    expect(space.status).toBe(201);
    const opened = await Promise.all(Array.from({ length: 12 }, (_, i) => call(i % 2, 'POST', `/v1/spaces/${space.body.id}/change-requests`, admin.token, { subject: `cr ${i}` })));
    expect(opened.map((o) => o.status)).toEqual(Array(12).fill(201));
    expect(opened.map((o) => o.body.number).sort((a: number, b: number) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });

  it('keeps the last admin when the only two admins step down through different replicas at once, round after round', async () => {
    const engine = await openEngine(box.env.DOCSCTL_DATABASE_URL);
    const secondId = await addMember(engine, admin.org, 'second-admin@replicas.test', 'admin');
    const secondToken = (await mint('second-admin@replicas.test')).token;
    for (let round = 0; round < 8; round++) {
      await engine.core.write(() => engine.core.run("UPDATE members SET role = 'admin' WHERE organization_id = ? AND user_id IN (?, ?)", [admin.org, admin.id, secondId]));
      const [a, b] = await Promise.all([
        call(0, 'PATCH', `/v1/orgs/${admin.org}/members/${admin.id}`, admin.token, { role: 'read' }),
        call(1, 'PATCH', `/v1/orgs/${admin.org}/members/${secondId}`, secondToken, { role: 'read' }),
      ]);
      expect([a.status, b.status].sort(), `round ${round}`).toEqual([200, 409]);
      const admins = (await engine.core.get<{ n: number }>("SELECT COUNT(*) AS n FROM members WHERE organization_id = ? AND role = 'admin'", [admin.org]))!.n;
      expect(admins, `round ${round}`).toBe(1);
    }
    await engine.core.write(() => engine.core.run("UPDATE members SET role = 'admin' WHERE organization_id = ? AND user_id = ?", [admin.org, admin.id]));
    await engine.close();
  });

  it('refuses a token revoked elsewhere on the very next request to each replica', async () => {
    const minted = await mint(admin.id);
    // Both replicas have seen the token, and remember it (the first use records itself, which a later
    // request notices; from the third on, the token's row is remembered).
    for (const replica of [0, 1]) for (let i = 0; i < 3; i++) expect((await call(replica, 'GET', '/v1/user', minted.token)).status).toBe(200);
    await cli(['tokens', 'revoke', minted.id, '--yes']);
    for (const replica of [0, 1]) expect((await call(replica, 'GET', '/v1/user', minted.token)).status).toBe(401);
  });
});
