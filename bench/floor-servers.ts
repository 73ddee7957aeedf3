// The floors of serve's GET member: the same request with nothing of docsctl in it. node:http and the
// database driver alone check the bearer token's hash, the caller's membership, read the member with
// the same columns and counts, and answer the same JSON shape.

/** What both floors share: the statements, the route and token parsing, and the member's JSON. */
const COMMON = `
const http = require('node:http');
const { createHash } = require('node:crypto');
const TOKEN = 'SELECT user_id FROM api_tokens WHERE token_hash = ? AND revoked_at IS NULL';
const CALLER = 'SELECT role FROM members WHERE organization_id = ? AND user_id = ? AND disabled = 0';
const MEMBER = \`SELECT m.*, u.display_name, u.email, u.photo_url,
  (SELECT COUNT(*) FROM team_members tm JOIN teams t ON t.id = tm.team_id WHERE tm.user_id = m.user_id AND t.organization_id = m.organization_id) AS team_count,
  (SELECT COUNT(*) FROM sites st WHERE st.organization_id = m.organization_id) AS site_count
  FROM members m JOIN users u ON u.id = m.user_id WHERE m.organization_id = ? AND m.user_id = ?\`;
const SPACES = 'SELECT COUNT(*) AS n FROM spaces WHERE organization_id = ? AND deleted_at IS NULL';
function parse(req) {
  const match = /^\\/v1\\/orgs\\/([^/]+)\\/members\\/([^/?]+)$/.exec(req.url);
  const bearer = /^Bearer (.+)$/.exec(req.headers.authorization || '');
  return match && bearer && { org: match[1], user: match[2], hash: createHash('sha256').update(bearer[1]).digest('hex') };
}
function answer(req, res, row, spaces) {
  const body = JSON.stringify({
    object: 'member', id: row.user_id, role: row.role,
    user: { object: 'user', id: row.user_id, displayName: row.display_name, email: row.email, urls: { location: 'http://' + req.headers.host + '/v1/users/' + row.user_id } },
    disabled: row.disabled === 1, joinedAt: row.joined_at, sso: row.sso === 1,
    spaces: Number(spaces), teams: Number(row.team_count), sites: Number(row.site_count),
  });
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
  res.end(body);
}
function notFound(res) { res.writeHead(404); res.end(); }
function listen(server) {
  server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ url: 'http://127.0.0.1:' + server.address().port })));
}
`;

/** better-sqlite3 (SQLITE_MODULE) on the file DOCSCTL_DB: four statements, synchronously. */
export const SQLITE_FLOOR_SERVER = `${COMMON}
const Database = require(process.env.SQLITE_MODULE);
const db = new Database(process.env.DOCSCTL_DB);
const token = db.prepare(TOKEN), caller = db.prepare(CALLER), member = db.prepare(MEMBER), spaces = db.prepare(SPACES);
listen(http.createServer((req, res) => {
  const asked = parse(req);
  const user = asked && token.get(asked.hash);
  if (!user || !caller.get(asked.org, user.user_id)) return notFound(res);
  answer(req, res, member.get(asked.org, asked.user), spaces.get(asked.org).n);
}));
`;

/** What both PostgreSQL floors share: node-postgres (PG_MODULE) on DATABASE_URL, and a named (prepared) query's first row. */
const PG_COMMON = `${COMMON}
const pg = require(process.env.PG_MODULE);
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const numbered = (sql) => { let n = 0; return sql.replace(/\\?/g, () => '$' + ++n); };
const query = (name, sql, values) => pool.query({ name, text: numbered(sql), values }).then((r) => r.rows[0]);
`;

/**
 * node-postgres (PG_MODULE) on DATABASE_URL, a pool of as many connections as serve opens (10): the
 * same four statements as named prepared statements, one round trip each, one after the other (each
 * needs the one before it to have passed).
 */
export const POSTGRES_FLOOR_SERVER = `${PG_COMMON}
listen(http.createServer(async (req, res) => {
  const asked = parse(req);
  const user = asked && (await query('token', TOKEN, [asked.hash]));
  if (!user || !(await query('caller', CALLER, [asked.org, user.user_id]))) return notFound(res);
  const row = await query('member', MEMBER, [asked.org, asked.user]);
  answer(req, res, row, (await query('spaces', SPACES, [asked.org])).n);
}));
`;

/**
 * The floor of serve's PATCH of a member's role on PostgreSQL: the least a correct one makes, at the
 * fewest round trips node-postgres allows (it sends one statement at a time). The token (1); then one
 * transaction on a connection of its own: BEGIN with the organization's lock and change version (2, the
 * simple protocol), the caller's right, the last-admin rule, the UPDATE and the answer's counts in one
 * statement (3), the audit record with the COMMIT (4). docsctl makes 3 (docs/performance.md).
 */
export const POSTGRES_PATCH_FLOOR_SERVER = `${PG_COMMON}
const UPDATE = \`WITH caller AS (SELECT 1 FROM members WHERE organization_id = ? AND user_id = ? AND role = 'admin' AND disabled = 0),
  admins AS (SELECT COUNT(*) AS n FROM members WHERE organization_id = ? AND role = 'admin' AND disabled = 0 AND user_id <> ?)
  UPDATE members m SET role = ? FROM users u
  WHERE m.organization_id = ? AND m.user_id = ? AND u.id = m.user_id AND EXISTS (SELECT 1 FROM caller)
    AND (? = 'admin' OR m.role <> 'admin' OR (SELECT n FROM admins) > 0)
  RETURNING m.*, u.display_name, u.email,
    (SELECT COUNT(*) FROM team_members tm JOIN teams t ON t.id = tm.team_id WHERE tm.user_id = m.user_id AND t.organization_id = m.organization_id) AS team_count,
    (SELECT COUNT(*) FROM sites st WHERE st.organization_id = m.organization_id) AS site_count,
    (SELECT COUNT(*) FROM spaces s WHERE s.organization_id = m.organization_id AND s.deleted_at IS NULL) AS space_count\`;
let ids = 0;
// A value written into a statement for the simple protocol (which takes no parameters), as the driver quotes it.
const literal = (v) => (typeof v === 'number' ? String(v) : pg.Client.prototype.escapeLiteral(v));
const inline = (sql, values) => { let n = 0; return sql.replace(/\\?/g, () => literal(values[n++])); };
// ONE_ROUND_TRIP: the same in one statement text with its values written in (the simple protocol runs
// them in turn): the token found inside the UPDATE, the audit record from its RETURNING.
async function oneRoundTrip(req, res, asked, role) {
  const org = literal(asked.org);
  const caller = 'SELECT user_id FROM api_tokens WHERE token_hash = ' + literal(asked.hash) + ' AND revoked_at IS NULL';
  const update = inline(UPDATE, [asked.org, 'caller', asked.org, asked.user, role, asked.org, asked.user, role])
    .replace("user_id = 'caller'", 'user_id = (' + caller + ')');
  const audit = inline("INSERT INTO audit_log (id, organization_id, at, user_id, operation_id, method, path, targets, summary, status) SELECT ?, ?, ?, (" + caller + "), 'updateMemberInOrganizationById', 'PATCH', ?, '{}', ?, 200 FROM u",
    ['floor' + process.pid + '-' + ++ids, asked.org, new Date().toISOString(), req.url, 'role: ' + role]);
  const results = await pool.query('BEGIN; SELECT pg_advisory_xact_lock(hashtext(' + org + ')); UPDATE docsctl_org_changes SET version = version + 1 WHERE organization_id = ' + org +
    '; WITH u AS (' + update + '), a AS (' + audit + ') SELECT * FROM u; COMMIT');
  const row = results[3].rows[0];
  if (!row) return notFound(res);
  answer(req, res, row, row.space_count);
}
listen(http.createServer(async (req, res) => {
  const asked = parse(req);
  let body = '';
  for await (const chunk of req) body += chunk;
  const role = JSON.parse(body).role;
  if (asked && process.env.ONE_ROUND_TRIP) return await oneRoundTrip(req, res, asked, role).catch((error) => { res.writeHead(500); res.end(String(error)); });
  const user = asked && (await query('token', TOKEN, [asked.hash]));
  if (!user) return notFound(res);
  const client = await pool.connect();
  try {
    const org = literal(asked.org);
    await client.query(\`BEGIN; SELECT pg_advisory_xact_lock(hashtext(\${org})); UPDATE docsctl_org_changes SET version = version + 1 WHERE organization_id = \${org}\`);
    const row = (await client.query({ name: 'update', text: numbered(UPDATE), values: [asked.org, user.user_id, asked.org, asked.user, role, asked.org, asked.user, role] })).rows[0];
    if (!row) { await client.query('ROLLBACK'); return notFound(res); }
    const values = ['floor' + process.pid + '-' + ++ids, asked.org, new Date().toISOString(), user.user_id, 'updateMemberInOrganizationById', 'PATCH', req.url, '{}', 'role: ' + role, 200];
    await client.query(\`INSERT INTO audit_log (id, organization_id, at, user_id, operation_id, method, path, targets, summary, status) VALUES (\${values.map(literal).join(', ')}); COMMIT\`);
    answer(req, res, row, row.space_count);
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    res.writeHead(500); res.end(String(error));
  } finally {
    client.release();
  }
}));
`;
