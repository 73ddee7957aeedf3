import { describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './checks';

// Slow on purpose: a lifecycle test. npm pack, npm install --global of the tarball and the installed
// command's first runs, each its own process tree.

/**
 * The package as users install a CLI: `npm pack`, then `npm install -g` of the tarball into a
 * temporary prefix, with npm 11's install-script policy made strict (only better-sqlite3 may run a
 * script, as the README says), then the installed `docsctl` used from there. No prebuilt binary can be
 * downloaded here, so better-sqlite3's install script would compile its addon, a minute of CPU that
 * `npm ci` has just spent on the same sources: the addon it compiled is offered to the script as a local
 * prebuild (prebuild-install's npm_config_better_sqlite3_local_prebuilds; npm warns it does not know
 * that setting, and hands it to the script), so the script still runs under the policy
 * and installs an addon, without a second compile (issue 55). Another version than the checkout's
 * would find no prebuild and compile, as a user's install does.
 */

/** npm's own environment of an `npm test` run (npm_config_*, npm_lifecycle_*) stays out of the nested npm. */
const cleanEnv = (extra: Record<string, string> = {}) => ({ ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('npm_'))), ...extra });

/** Runs npm without blocking the test worker (a blocked worker misses vitest's heartbeat for the minute of a compile). */
async function npm(args: string[], cwd: string, env: Record<string, string> = {}): Promise<string> {
  const child = spawn('npm', args, { cwd, env: cleanEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  expect(code, `npm ${args.join(' ')}:\n${stderr}`).toBe(0);
  return stdout;
}

describe('the npm package', () => {
  it('packs the built CLI and nothing else, installs globally, and works from there: init, members list, login, whoami, logout', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'docsctl-pack-'));
    try {
      // --ignore-scripts: prepack would rebuild dist/ under the other test files that run it; vitest's
      // global set-up has just built it from the same sources.
      const [packed] = JSON.parse(await npm(['pack', '--ignore-scripts', '--pack-destination', dir, '--json'], root)) as { filename: string; size: number; unpackedSize: number; files: { path: string }[] }[];
      const paths = packed.files.map((f) => f.path);
      const vendors = readdirSync(join(root, 'dist', 'vendor')).filter((f) => f.endsWith('.cjs'));
      expect(vendors.length).toBeGreaterThan(10);
      expect(paths).toEqual(expect.arrayContaining(['package.json', 'README.md', 'bin/docsctl.cjs', 'bin/run-bundle.cjs', 'bin/cache-dir.cjs', 'dist/docsctl.cjs', ...vendors.map((v) => `dist/vendor/${v}`)]));
      expect(paths.filter((p) => /^(src|test|scripts|bench)\/|\.map$|\.ts$/.test(p))).toEqual([]);
      console.log(`npm pack: ${packed.filename}, ${(packed.size / 1024 / 1024).toFixed(1)} MB packed, ${(packed.unpackedSize / 1024 / 1024).toFixed(1)} MB unpacked, ${paths.length} files`);

      const prefix = join(dir, 'prefix');
      mkdirSync(join(prefix, 'lib'), { recursive: true }); // npm 11's script policy checks the global folder before it makes it
      const prebuilds = join(dir, 'prebuilds');
      mkdirSync(prebuilds);
      const sqlite = join(root, 'node_modules', 'better-sqlite3');
      const { version } = JSON.parse(readFileSync(join(sqlite, 'package.json'), 'utf8')) as { version: string };
      const tarball = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
      expect(spawnSync('tar', ['czf', join(prebuilds, tarball), '-C', sqlite, 'build/Release/better_sqlite3.node']).status).toBe(0);
      await npm(['install', '--global', '--prefix', prefix, '--prefer-offline', '--strict-allow-scripts', '--allow-scripts=better-sqlite3', '--no-audit', '--no-fund', join(dir, packed.filename)], dir, { npm_config_better_sqlite3_local_prebuilds: prebuilds });
      const installed = readdirSync(join(prefix, 'lib', 'node_modules', 'docsctl', 'node_modules'));
      expect(installed).toContain('better-sqlite3');
      expect(installed).not.toContain('zod'); // bundled into dist/, so not a dependency

      const home = join(dir, 'home');
      const env = { PATH: `${join(prefix, 'bin')}:${process.env.PATH}`, HOME: home };
      const docsctl = (args: string[]) => spawnSync('docsctl', args, { cwd: dir, env, encoding: 'utf8' });
      const ok = (args: string[]) => {
        const result = docsctl(args);
        expect(result.status, `docsctl ${args.join(' ')}: ${result.stderr}`).toBe(0);
        return result.stdout;
      };
      expect(ok(['--version']).trim()).toMatch(/^\d+\.\d+\.\d+$/);
      expect(ok(['init', '--sample'])).toBe('');
      expect(ok(['members', 'list']).trim().split('\n').length).toBe(37);
      // A PDF: its fonts are in the package (dist/fonts/), not in a devDependency.
      expect(paths).toEqual(expect.arrayContaining(['dist/fonts/NotoSansSC-Regular.ttf.br', 'dist/fonts/noto-sans-sc.OFL.txt']));
      const space = (JSON.parse(ok(['spaces', 'list', '--json'])) as { items: { id: string }[] }).items[0].id;
      ok(['content', 'pdf', '--space', space, '-o', 'space.pdf']);
      expect(readFileSync(join(dir, 'space.pdf')).subarray(0, 5).toString()).toBe('%PDF-');

      const server = spawn('docsctl', ['serve', '--port', '0', '--json', '--shutdown-grace', '0'], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
      const exited = new Promise<number | null>((resolve) => server.on('close', (code) => resolve(code)));
      try {
        const url = await new Promise<string>((resolve, reject) => {
          let out = '';
          server.stdout.on('data', (chunk) => {
            out += chunk;
            const found = /"url": "([^"]+)"/.exec(out)?.[1];
            if (found) resolve(found);
          });
          exited.then((code) => reject(new Error(`serve exited ${code}`)));
        });
        const token = JSON.parse(ok(['tokens', 'create', '--name', 'installed', '--json'])).token as string;
        ok(['login', '--url', url, '--token', token]);
        const me = JSON.parse(ok(['whoami', '--json']));
        expect(me).toMatchObject({ mode: 'remote', target: url, source: 'saved profile', user: { email: 'admin@example.com' } });
        expect(ok(['members', 'list', '--role', 'admin'])).toContain('admin@example.com');
        ok(['logout']);
        expect(JSON.parse(ok(['whoami', '--json']))).toMatchObject({ mode: 'local', source: 'default' });
      } finally {
        server.kill('SIGTERM');
        expect(await exited).toBe(0);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 600_000);
});
