// A throwaway PostgreSQL cluster for the tests and the bench: initdb in a temporary folder, started
// on a free loopback port, gone when stopped. Needs PostgreSQL 15 or later installed (Debian's
// `postgresql` package: .ci/run installs it when missing); without it, this throws: the PostgreSQL
// tests never skip silently. As root, the server runs as the `postgres` user (it refuses root).
import { execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

/** The folder holding initdb and pg_ctl: the newest /usr/lib/postgresql/<n>/bin, else $PG_BIN. */
export function postgresBin() {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => /^\d+$/.test(v) && Number(v) >= 15).sort((a, b) => b - a) : [];
  const found = versions.map((v) => join(root, v, 'bin')).find((bin) => existsSync(join(bin, 'pg_ctl')));
  if (!found) {
    throw new Error('PostgreSQL 15 or later is not installed (no /usr/lib/postgresql/<n>/bin/pg_ctl; set PG_BIN to its bin folder): `apt-get install postgresql` — .ci/run does it');
  }
  return found;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts a cluster; answers its URL (superuser `docsctl` unless named, trust auth on loopback), its
 * port and bin folder, and how to stop it. With `password`, connections over TCP must give it
 * (scram-sha-256), as on a real server.
 */
export async function startCluster({ password, superuser = 'docsctl' } = {}) {
  const bin = postgresBin();
  const dir = mkdtempSync(join(tmpdir(), 'docsctl-pg-'));
  const data = join(dir, 'data');
  const asRoot = userInfo().uid === 0;
  if (asRoot) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), Number(execFileSync('id', ['-g', 'postgres']).toString()));
  const run = (tool, args) =>
    execFileSync(asRoot ? 'runuser' : join(bin, tool), asRoot ? ['-u', 'postgres', '--', join(bin, tool), ...args] : args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const pwfile = join(dir, 'pwfile');
  if (password) writeFileSync(pwfile, `${password}\n`, { mode: 0o644 });
  const auth = password ? ['--auth-local=trust', '--auth-host=scram-sha-256', `--pwfile=${pwfile}`] : ['--auth=trust'];
  run('initdb', ['-D', data, '-U', superuser, ...auth, '--encoding=UTF8', '--locale=C', '--no-sync']);
  const port = await freePort();
  // Durability is not what a throwaway cluster is for: fsync off makes each test's schema cheap.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', '-t', '60', 'start']);
  return {
    url: `postgres://${superuser}@127.0.0.1:${port}/postgres`,
    port,
    bin,
    /** As a failover or a minor upgrade does: every connection ends, and the server is back moments later. */
    async restart() {
      // The log file again (pg_ctl does not remember it), and no pipes: the new server would hold them open.
      const args = ['-D', data, '-l', join(dir, 'log'), '-m', 'fast', '-w', '-t', '60', 'restart'];
      const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, 'pg_ctl'), ...args]] : [join(bin, 'pg_ctl'), args];
      await new Promise((resolve, reject) => spawn(file, argv, { stdio: 'ignore' }).on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`pg_ctl restart exited ${code}`)))));
    },
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
