import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEngine, type Engine } from '../../src/engine/index';
import { insertRows } from '../../src/engine/insert-rows';
import { createApp, type App } from '../../src/server/app';
import { startLatencyProxy, type LatencyProxy } from '../helpers/pg-latency-proxy';
import { freshDatabase } from './database';

/** Rows of the larger side of each pair: issue 59's "independent of its row count", against 10. */
const MANY = 1000;
/** How far apart the two counts may be (as for content push --merge: test/postgres/push-round-trips.test.ts). */
const WITHIN = 10;

/**
 * Issue 59: a bulk write's round trips to PostgreSQL do not grow with its rows. Each request is sent
 * to the app in this process (an engine on PostgreSQL through the counting proxy of
 * test/helpers/pg-latency-proxy.ts), with 10 rows and with 1,000: a team's members added, removed,
 * given a team role, and people invited and added (`PUT …/teams/{teamId}/members`, what `teams members
 * add --file` and `teams sync --apply` send), members' organization roles changed (`PATCH
 * …/members`, what `members update --file` sends), and a change request of 10 and of 1,000 new pages
 * merged. Each pair's counts stay within 10 of each other (docs/performance.md's table shows them).
 * ROUND_TRIPS_LOG=1 prints them.
 */
describe('round trips of bulk writes on PostgreSQL', () => {
  let proxy: LatencyProxy;
  let engine: Engine;
  let app: App;
  let token: string;
  let org: string;
  let users: string[];
  const counted: string[] = [];

  /** A request to the app as the organization's admin: its answer's status and body, and its round trips. */
  const call = async (method: string, path: string, body?: unknown) => {
    let answer!: { status: number; body: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
    const trips = await proxy.count(async () => {
      const res = await app.handleAsync({ method, url: path, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
      answer = { status: res.status, body: res.body === undefined ? undefined : JSON.parse(res.body.toString() || 'null') };
    });
    expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
    return { ...answer, trips };
  };
  /** Both counts, kept for the log and compared. */
  const compare = (what: string, few: number, many: number) => {
    counted.push(`${what}: 10 rows ${few} round trips, ${MANY} rows ${many}`);
    expect(Math.abs(many - few), `${what}: 10 rows ${few} round trips, ${MANY} rows ${many}`).toBeLessThanOrEqual(WITHIN);
  };

  beforeAll(async () => {
    proxy = await startLatencyProxy(await freshDatabase('bulk_round_trips'), { delayMs: 0 });
    engine = await openEngine(proxy.url);
    const installed = await engine.install();
    org = installed.organizationId;
    token = (await engine.tokens.create({ user: installed.userId, name: 'bulk' })).token;
    app = createApp({ engine, onError: (e) => { throw e; } });
    // A webhook told of the bulk writes' events: their outbox rows are part of what is counted.
    await call('POST', `/v1/orgs/${org}/webhooks`, { url: 'https://hooks.example.com/bulk', events: ['member_role_updated', 'team_members_updated', 'member_added'] });
    // Members to add and change: 10 + MANY, twice (the pairs must not meet each other's rows).
    const now = engine.core.now();
    users = Array.from({ length: 2 * (10 + MANY) }, (_, i) => `bulk${String(i).padStart(5, '0')}`);
    await engine.core.write(async () => {
      await insertRows(engine.core, 'INSERT INTO users (id, display_name, email, created_at)', users.map((id, i) => [id, `Bulk ${i}`, `bulk${i}@acme.test`, now]));
      await insertRows(engine.core, 'INSERT INTO members (organization_id, user_id, role, joined_at)', users.map((id) => [org, id, 'read', now]));
    });
  }, 60_000);

  afterAll(async () => {
    if (process.env.ROUND_TRIPS_LOG) console.log(counted.join('\n'));
    await engine?.close();
    await proxy?.close();
  });

  it('costs a team PUT of 1,000 members added, given a role or removed the round trips of 10, within 10', async () => {
    const team = async (title: string) => (await call('PUT', `/v1/orgs/${org}/teams`, { title })).body.id as string;
    const [few, many] = [await team('Few'), await team('Many')];
    const [ten, thousand] = [users.slice(0, 10), users.slice(10, 10 + MANY)];
    const put = async (teamId: string, body: unknown) => (await call('PUT', `/v1/orgs/${org}/teams/${teamId}/members`, body)).trips;
    // Half by id, half by e-mail, as a file gives them.
    const refs = (ids: string[]) => ids.map((id, i) => (i % 2 ? id : `bulk${Number(id.slice(4))}@acme.test`));
    compare('team PUT, members added', await put(few, { add: refs(ten) }), await put(many, { add: refs(thousand) }));
    const roles = (ids: string[]) => Object.fromEntries(ids.map((id) => [id, { role: 'owner' }]));
    compare('team PUT, team roles changed', await put(few, { memberships: roles(ten) }), await put(many, { memberships: roles(thousand) }));
    compare('team PUT, members removed', await put(few, { remove: refs(ten) }), await put(many, { remove: refs(thousand) }));
    const left = await engine.core.get<{ n: number }>('SELECT COUNT(*) AS n FROM team_members WHERE team_id IN (?, ?)', [few, many]);
    expect(left!.n).toBe(0);
    // People who are not members yet, invited and added (`teams members add --invite`): an account each, a membership, an event.
    const strangers = (n: number, from: number) => Array.from({ length: n }, (_, i) => `New.Hire${from + i}@acme.test`);
    compare('team PUT, people invited and added', await put(few, { add: strangers(10, 0), invite: { role: 'read' } }), await put(many, { add: strangers(MANY, 10), invite: { role: 'read' } }));
    const hired = await engine.core.get<{ n: number }>("SELECT COUNT(*) AS n FROM members m JOIN users u ON u.id = m.user_id WHERE u.email LIKE 'new.hire%' AND m.role = 'read'");
    expect(hired!.n).toBe(10 + MANY);
    expect(await engine.core.get<{ n: number }>('SELECT COUNT(*) AS n FROM team_members WHERE team_id = ?', [many])).toEqual({ n: MANY });
    // Each PUT's event was among what was counted: the users added, named, in the first.
    const events = await engine.core.all<{ body: string }>("SELECT body FROM webhook_deliveries WHERE event = 'team_members_updated' ORDER BY sequence");
    expect(events).toHaveLength(8);
    expect(JSON.parse(events[0].body).event_data.added).toHaveLength(10);
    const added = JSON.parse(events[1].body).event_data.added as { id: string; email: string; role: string }[];
    expect(added).toHaveLength(MANY);
    expect(added[0]).toEqual({ id: thousand[0], displayName: 'Bulk 10', email: 'bulk10@acme.test', role: 'member' });
    const invited = await engine.core.all<{ body: string }>("SELECT body FROM webhook_deliveries WHERE event = 'member_added' ORDER BY sequence");
    expect(invited).toHaveLength(10 + MANY);
    expect(JSON.parse(invited[10].body).event_data.member).toMatchObject({ displayName: 'new.hire10', email: 'new.hire10@acme.test', role: 'read' });
  }, 60_000);

  it('costs a PATCH of 1,000 members\' organization roles the round trips of 10, within 10', async () => {
    const [ten, thousand] = [users.slice(10 + MANY, 20 + MANY), users.slice(20 + MANY)];
    const patch = async (ids: string[]) => {
      const answer = await call('PATCH', `/v1/orgs/${org}/members`, { members: ids.map((user, i) => ({ user: i % 2 ? user : `bulk${Number(user.slice(4))}@acme.test`, role: 'edit' })) });
      expect(answer.body.count).toBe(ids.length);
      return answer.trips;
    };
    compare('PATCH of members\' roles', await patch(ten), await patch(thousand));
    const edited = await engine.core.get<{ n: number }>("SELECT COUNT(*) AS n FROM members WHERE organization_id = ? AND role = 'edit'", [org]);
    expect(edited!.n).toBe(10 + MANY);
    // An event each, counted with its request.
    const events = await engine.core.get<{ n: number }>("SELECT COUNT(*) AS n FROM webhook_deliveries WHERE event = 'member_role_updated'");
    expect(events!.n).toBe(10 + MANY);
  }, 60_000);

  it('costs the merge of a change request of 1,000 new pages the round trips of 10, within 10', async () => {
    const merged = async (pages: number) => {
      const space = (await call('POST', `/v1/orgs/${org}/spaces`, { title: `Merged ${pages}` })).body.id as string;
      const cr = (await call('POST', `/v1/spaces/${space}/change-requests`, { subject: `${pages} pages` })).body.id as string;
      const changes = Array.from({ length: pages }, (_, i) => ({ operation: 'insert_page', title: `Page ${i}`, document: { markdown: `# Page ${i}\n\nSome text.\n` } }));
      await call('POST', `/v1/spaces/${space}/change-requests/${cr}/content`, { changes });
      const merge = await call('POST', `/v1/spaces/${space}/change-requests/${cr}/merge`);
      expect(merge.body.result).toBe('merge');
      const { pages: read } = (await call('GET', `/v1/spaces/${space}/content/pages`)).body as { pages: unknown[] };
      expect(read).toHaveLength(pages);
      return merge.trips;
    };
    compare('change request merge, pages added', await merged(10), await merged(MANY));
  }, 60_000);
});
