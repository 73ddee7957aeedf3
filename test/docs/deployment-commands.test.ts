import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN } from '../helpers/built';

// Slow on purpose: a lifecycle test. It starts its own password-protected PostgreSQL cluster and an
// S3-protocol server, and runs every command of docs/deployment.md as written, each a process.

/**
 * Every command of docs/deployment.md, run as written (issue 34, item 6): each ```sh block is marked
 * `<!-- run: sqlite -->`, `<!-- run: postgres -->` or `<!-- run: s3 -->` (PostgreSQL and an S3-protocol
 * server, `minio.internal:9000` its address); its lines run one after the other through bash,
 * in one environment (what `export` and `VAR=` lines set carries on), with `docsctl` the built entry.
 * Only places change: `db.internal` is a throwaway PostgreSQL cluster (password auth, superuser
 * `postgres` for the admin's lines), `/srv` and `/mnt/backups` folders of a temporary one. Each
 * `docsctl serve` is checked through /readyz, then stopped with SIGTERM (exit 0).
 */
const DOC = new URL('../../docs/deployment.md', import.meta.url);

interface Block { backend: 'sqlite' | 'postgres' | 's3'; lines: string[] }

function blocks(): Block[] {
  const text = readFileSync(DOC, 'utf8');
  const found: Block[] = [];
  for (const match of text.matchAll(/(?:<!-- run: (\w+) -->\n)?```sh\n([\s\S]*?)```/g)) {
    if (match[1] !== 'sqlite' && match[1] !== 'postgres' && match[1] !== 's3') throw new Error(`a sh block of docs/deployment.md is not marked <!-- run: sqlite|postgres|s3 -->:\n${match[2]}`);
    const lines = match[2].split('\n').map((line) => line.replace(/\s{2,}#.*$/, '').trim()).filter((line) => line && !line.startsWith('#'));
    found.push({ backend: match[1], lines });
  }
  return found;
}

const dirs: string[] = [];
afterAll(() => { for (const dir of dirs) rmSync(dir, { recursive: true, force: true }); });

/** A shell where `docsctl` is the built entry and `/srv`, `/mnt/backups` and `db.internal` are the test's. */
function shell(env: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'docsctl-deploy-doc-'));
  dirs.push(dir);
  for (const sub of ['bin', 'srv', 'backups', 'home']) mkdirSync(join(dir, sub));
  writeFileSync(join(dir, 'bin', 'docsctl'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
  chmodSync(join(dir, 'bin', 'docsctl'), 0o755);
  const vars: Record<string, string> = {
    ...env,
    PATH: `${join(dir, 'bin')}:${env.PATH ?? ''}:${process.env.PATH}`, HOME: join(dir, 'home'), DOCSCTL_CONFIG_DIR: join(dir, 'config'),
    XDG_DATA_HOME: join(dir, 'data'), XDG_CACHE_HOME: join(dir, 'cache'), CI: '1',
  };
  const place = (line: string) => line.replaceAll('/srv/', `${dir}/srv/`).replaceAll('/mnt/backups/', `${dir}/backups/`).replaceAll('db.internal', '127.0.0.1');
  return {
    dir,
    vars,
    /** Runs one line; a line that sets variables (export X=…, X=…) keeps them for the next. */
    run(line: string, stdin = '', extra: Record<string, string> = {}) {
      // set -a: a plain VAR=… is kept for the next lines too, as in one shell session.
      const script = `set -a\n${place(line)}\nenv -0`;
      const result = spawnSync('bash', ['-e', '-c', script], { cwd: dir, env: { ...vars, ...extra }, input: stdin, encoding: 'utf8' });
      if (result.status === 0 && /^(export\s+)?[A-Z_]+=/.test(line)) {
        const dumped = result.stdout.split('\0').filter(Boolean);
        for (const entry of dumped) {
          const at = entry.indexOf('=');
          vars[entry.slice(0, at)] = entry.slice(at + 1);
        }
      }
      return { code: result.status, stdout: result.stdout.split('\0')[0], stderr: result.stderr };
    },
    /** Starts a `docsctl serve` line, answers once it listens, checks /readyz, stops it with SIGTERM. */
    async serve(line: string) {
      const child = spawn('bash', ['-c', `exec ${place(line).replace(/--port \d+/, '--port 0')}`], { cwd: dir, env: vars, stdio: ['ignore', 'pipe', 'pipe'] });
      let said = '';
      const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
      const url = await new Promise<string>((resolve, reject) => {
        const look = (chunk: Buffer) => {
          said += chunk;
          const found = /on (http:\/\/[^\s,]+)/.exec(said)?.[1];
          if (found) resolve(found);
        };
        child.stdout.on('data', look);
        child.stderr.on('data', look);
        void exited.then((code) => reject(new Error(`serve exited ${code}: ${said}`)));
      });
      const ready = await fetch(`${url}/readyz`);
      expect(ready.status, `${line}: /readyz`).toBe(200);
      child.kill('SIGTERM');
      expect(await exited, `${line}: ${said}`).toBe(0);
    },
  };
}

async function runBlocks(backend: Block['backend'], env: Record<string, string>, secrets: Record<string, string> = {}, admin: Record<string, string> = {}) {
  const sh = shell(env);
  const ran: string[] = [];
  for (const block of blocks().filter((b) => b.backend === backend)) {
    for (const written of block.lines) {
      let line = written;
      for (const [from, to] of Object.entries(secrets)) line = line.replaceAll(from, to);
      if (/^docsctl serve\b/.test(line)) {
        await sh.serve(line);
      } else {
        // The guide's admin lines (createuser, createdb) run as the cluster's superuser; `createuser
        // --pwprompt` reads the new role's password twice.
        const asAdmin = /^(createuser|createdb)\b/.test(line) ? admin : {};
        const result = sh.run(line, /--pwprompt/.test(line) ? `${secrets['…'] ?? ''}\n${secrets['…'] ?? ''}\n` : '', asAdmin);
        expect(result.code, `${written}\n${result.stderr}`).toBe(0);
      }
      ran.push(written);
    }
  }
  return ran;
}

describe('docs/deployment.md, every command as written', () => {
  it('the SQLite blocks', async () => {
    const ran = await runBlocks('sqlite', {});
    expect(ran).toContain('docsctl --db /srv/docs.db db restore "$BACKUP" --yes');
  }, 120_000);

  it('the PostgreSQL blocks, on a cluster that asks for passwords', async () => {
    const { startCluster } = (await import('../../scripts/pg-cluster.js' as string)) as {
      startCluster: (o: { password: string; superuser: string }) => Promise<{ port: number; bin: string; stop: () => void }>;
    };
    const cluster = await startCluster({ password: 'admin-secret', superuser: 'postgres' });
    try {
      // The admin's lines (createuser, createdb) as the cluster's superuser; docsctl's password is what the guide exports.
      const admin = { PGUSER: 'postgres', PGPASSWORD: 'admin-secret' };
      const env = { PATH: cluster.bin, PGHOST: '127.0.0.1', PGPORT: String(cluster.port) };
      const ran = await runBlocks('postgres', env, { '…': 'docsctl-secret' }, admin);
      expect(ran).toContain('docsctl db copy --from /srv/small.db --to postgres://docsctl@db.internal/moved');
    } finally {
      cluster.stop();
    }
  }, 180_000);

  it('the object-storage blocks, on that cluster and an S3-protocol server (s3rver) with the bucket acme-docs', async () => {
    const { startCluster } = (await import('../../scripts/pg-cluster.js' as string)) as {
      startCluster: (o: { password: string; superuser: string }) => Promise<{ port: number; bin: string; stop: () => void }>;
    };
    const { startS3Server } = (await import('../../scripts/s3-server.js' as string)) as {
      startS3Server: (o: { buckets: string[] }) => Promise<{ endpoint: string; accessKeyId: string; secretAccessKey: string; stop: () => Promise<void> }>;
    };
    const cluster = await startCluster({ password: 'admin-secret', superuser: 'postgres' });
    const s3 = await startS3Server({ buckets: ['acme-docs'] });
    try {
      const admin = { PGUSER: 'postgres', PGPASSWORD: 'admin-secret' };
      const env = { PATH: cluster.bin, PGHOST: '127.0.0.1', PGPORT: String(cluster.port) };
      // The store's address and keys are the test server's; the other … is docsctl's PostgreSQL password.
      const secrets = { 'https://minio.internal:9000': s3.endpoint, 'AWS_ACCESS_KEY_ID=…': `AWS_ACCESS_KEY_ID=${s3.accessKeyId}`, 'AWS_SECRET_ACCESS_KEY=…': `AWS_SECRET_ACCESS_KEY=${s3.secretAccessKey}`, '…': 'docsctl-secret' };
      const ran = await runBlocks('s3', env, secrets, admin);
      expect(ran).toContain('docsctl --files s3://acme-docs/files db migrate');
      expect(ran.some((line) => line.includes('--files-presign'))).toBe(true);
    } finally {
      await s3.stop();
      cluster.stop();
    }
  }, 180_000);
});
