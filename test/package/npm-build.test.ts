import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectPackageChecksPass, root } from './checks';

// Slow on purpose: a lifecycle test. The last check runs every lazily loaded feature of the npm build
// through bin/docsctl.cjs as a user would, each a process of its own (vendor bundles, code caches written
// and read, serve and a remote command): about 40 s on a 2-core machine.

const runBundle = join(root, 'bin', 'run-bundle.cjs');

/** A temp folder with a tiny bundle headed like scripts/build.js heads dist/docsctl.cjs. */
function sandbox(hash = '0123456789abcdef') {
  const dir = mkdtempSync(join(tmpdir(), 'docsctl-code-cache-'));
  const bundle = join(dir, 'bundle.cjs');
  const body = `const parts = [];\nfor (let i = 0; i < 50; i++) parts.push((n) => n * ${Math.floor(Math.random() * 100)});\nprocess.stdout.write('ran ' + __filename.endsWith('bundle.cjs') + ' ' + typeof require('node:path').join + ' ' + parts.length + '\\n');\n`;
  const write = (h: string | undefined) => writeFileSync(bundle, `${h ? `// docsctl bundle ${h}\n` : ''}${body}`);
  write(hash);
  const env = { PATH: process.env.PATH, HOME: join(dir, 'home'), XDG_CACHE_HOME: join(dir, 'cache'), NODE_DEBUG: 'docsctl' };
  const run = (extra: Record<string, string> = {}, argv: string[] = []) => {
    const code = `require(${JSON.stringify(runBundle)}).runBundle(${JSON.stringify(bundle)}, process.env, ${JSON.stringify(argv)})`;
    const r = spawnSync(process.execPath, ['-e', code], { env: { ...env, ...extra }, encoding: 'utf8' });
    const said = /code cache (missing|accepted|rejected)/.exec(r.stderr)?.[1];
    return { status: r.status, stdout: r.stdout, stderr: r.stderr, said, written: r.stderr.includes('code cache written') };
  };
  const cacheDir = join(dir, 'cache', 'docsctl');
  const cached = () => (existsSync(cacheDir) ? readdirSync(cacheDir) : []);
  return { dir, bundle, env, run, cacheDir, cached, write, done: () => rmSync(dir, { recursive: true, force: true }) };
}

describe('bin/run-bundle.cjs (the code cache)', () => {
  it('writes the cache on the first run, in a private folder, and V8 accepts it on the next', () => {
    const box = sandbox();
    try {
      const first = box.run();
      expect(first).toMatchObject({ status: 0, stdout: 'ran true function 50\n', said: 'missing', written: true });
      expect(box.cached()).toEqual([`code-0123456789abcdef-main-${process.version}-${process.arch}.bin`]);
      expect(statSync(box.cacheDir).mode & 0o777).toBe(0o700);
      for (const file of box.cached()) expect(statSync(join(box.cacheDir, file)).mode & 0o777).toBe(0o600);
      const second = box.run();
      expect(second).toMatchObject({ status: 0, stdout: first.stdout, said: 'accepted', written: false });
    } finally {
      box.done();
    }
  });

  it('keeps one cache per command group, written by the group’s first run and read by its later ones', () => {
    const box = sandbox();
    try {
      const file = (group: string) => `code-0123456789abcdef-${group}-${process.version}-${process.arch}.bin`;
      expect(box.run({}, ['--db', 'x.db', 'init', '--sample'])).toMatchObject({ said: 'missing', written: true });
      expect(box.run({}, ['members', 'list'])).toMatchObject({ status: 0, said: 'missing', written: true });
      expect(box.run({}, ['members', 'get', 'abc'])).toMatchObject({ said: 'accepted', written: false });
      // Values of global flags are not taken for the command; ids and paths are no command at all.
      expect(box.run({}, ['--format', 'json', '--org', 'acme', 'teams', 'list'])).toMatchObject({ said: 'missing', written: true });
      expect(box.run({}, ['--db', 'x.db', '--json', 'teams'])).toMatchObject({ said: 'accepted', written: false });
      expect(box.run({}, ['--version'])).toMatchObject({ said: 'missing', written: true });
      expect(box.cached().sort()).toEqual([file('init'), file('main'), file('members'), file('teams')]);
      expect(box.run({}, ['members', 'list'])).toMatchObject({ said: 'accepted', written: false });
      expect(box.run({}, ['init'])).toMatchObject({ said: 'accepted', written: false });
    } finally {
      box.done();
    }
  });

  it('survives a damaged cache: V8 rejects it, the run goes on, and a good one replaces it', () => {
    const box = sandbox();
    try {
      box.run();
      const file = join(box.cacheDir, box.cached()[0]);
      writeFileSync(file, Buffer.from('not a code cache at all'.repeat(10)));
      expect(box.run()).toMatchObject({ status: 0, stdout: 'ran true function 50\n', said: 'rejected', written: true });
      expect(box.run()).toMatchObject({ status: 0, said: 'accepted' });
    } finally {
      box.done();
    }
  });

  it('keys the cache on the bundle hash, so a new build never runs an old cache', () => {
    const box = sandbox('aaaaaaaaaaaaaaaa');
    try {
      box.run();
      box.write('bbbbbbbbbbbbbbbb');
      expect(box.run()).toMatchObject({ status: 0, said: 'missing', written: true });
      expect(box.cached().filter((f) => f.endsWith('.bin')).sort()).toEqual([`code-aaaaaaaaaaaaaaaa-main-${process.version}-${process.arch}.bin`, `code-bbbbbbbbbbbbbbbb-main-${process.version}-${process.arch}.bin`]);
    } finally {
      box.done();
    }
  });

  it('clears out caches of other builds left alone for two weeks when it writes a new one', () => {
    const box = sandbox('dddddddddddddddd');
    try {
      mkdirSync(box.cacheDir, { recursive: true, mode: 0o700 });
      const old = join(box.cacheDir, 'code-0000000000000000-v20.0.0-x64.bin');
      const recent = join(box.cacheDir, 'code-1111111111111111-v20.0.0-x64.bin');
      const other = join(box.cacheDir, 'better_sqlite3-0123456789abcdef.node');
      for (const file of [old, `${old}.commands`, recent, other]) writeFileSync(file, 'x');
      const weeksAgo = new Date(Date.now() - 20 * 24 * 3600 * 1000);
      for (const file of [old, `${old}.commands`, other]) utimesSync(file, weeksAgo, weeksAgo);
      expect(box.run()).toMatchObject({ status: 0, said: 'missing', written: true });
      expect(box.cached().sort()).toEqual([
        'better_sqlite3-0123456789abcdef.node',
        'code-1111111111111111-v20.0.0-x64.bin',
        `code-dddddddddddddddd-main-${process.version}-${process.arch}.bin`,
      ]);
    } finally {
      box.done();
    }
  });

  it('keeps the old caches of every bundle of its build (the single executable’s vendor bundles) when it clears out other builds’', () => {
    const box = sandbox('eeeeeeeeeeeeeeee');
    try {
      mkdirSync(box.cacheDir, { recursive: true, mode: 0o700 });
      const sibling = join(box.cacheDir, `code-ffffffffffffffff-members-${process.version}-${process.arch}.bin`);
      const older = join(box.cacheDir, 'code-0000000000000000-members-v20.0.0-x64.bin');
      for (const file of [sibling, older]) writeFileSync(file, 'x');
      const weeksAgo = new Date(Date.now() - 20 * 24 * 3600 * 1000);
      for (const file of [sibling, older]) utimesSync(file, weeksAgo, weeksAgo);
      const code = `const { runSource } = require(${JSON.stringify(runBundle)});
        runSource(require('node:fs').readFileSync(${JSON.stringify(box.bundle)}, 'utf8'), { filename: ${JSON.stringify(box.bundle)}, require, argv: [], build: ['eeeeeeeeeeeeeeee', 'ffffffffffffffff'] });`;
      const r = spawnSync(process.execPath, ['-e', code], { env: box.env, encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
      expect(r.stderr).toContain('code cache written');
      expect(box.cached().sort()).toEqual([`code-eeeeeeeeeeeeeeee-main-${process.version}-${process.arch}.bin`, `code-ffffffffffffffff-members-${process.version}-${process.arch}.bin`]);
    } finally {
      box.done();
    }
  });

  it('reads a bundle file as the text runSource compiles: UTF-8 beyond ASCII as UTF-8, and one cache for both', () => {
    const box = sandbox('abababababababab');
    try {
      // The builds write ASCII; a bundle that is not still runs as its UTF-8 text.
      writeFileSync(box.bundle, "// docsctl bundle abababababababab\nprocess.stdout.write('naïve ∑ ' + typeof require('node:path').join + '\\n');\n");
      expect(box.run()).toMatchObject({ status: 0, stdout: 'naïve ∑ function\n', said: 'missing', written: true });
      // The cache runFile's run wrote fits runSource of the same text: both compile the very same source.
      const code = `const { runSource } = require(${JSON.stringify(runBundle)});
        runSource(require('node:fs').readFileSync(${JSON.stringify(box.bundle)}, 'utf8'), { filename: ${JSON.stringify(box.bundle)}, require, argv: [] });`;
      const r = spawnSync(process.execPath, ['-e', code], { env: box.env, encoding: 'utf8' });
      expect(r.stdout).toBe('naïve ∑ function\n');
      expect(r.stderr).toContain('code cache accepted');
    } finally {
      box.done();
    }
  });

  it('runs without a cache when told to, when the bundle has no hash, or when no private folder is writable', () => {
    const box = sandbox();
    try {
      expect(box.run({ DOCSCTL_CODE_CACHE: 'off' })).toMatchObject({ status: 0, stdout: 'ran true function 50\n', said: undefined, written: false });
      expect(box.cached()).toEqual([]);
      box.write(undefined);
      expect(box.run()).toMatchObject({ status: 0, stdout: 'ran true function 50\n', said: undefined, written: false });
      expect(box.cached()).toEqual([]);
      // XDG_CACHE_HOME is a file and HOME is read-only: the cache goes to a private temp folder, or nowhere.
      box.write('cccccccccccccccc');
      const blocked = join(box.dir, 'blocked');
      writeFileSync(blocked, '');
      mkdirSync(box.env.HOME!, { recursive: true });
      chmodSync(box.env.HOME!, 0o500);
      const r = box.run({ XDG_CACHE_HOME: blocked });
      expect(r).toMatchObject({ status: 0, stdout: 'ran true function 50\n' });
      expect(r.stderr).not.toMatch(/Error|at /);
    } finally {
      chmodSync(box.env.HOME!, 0o700);
      box.done();
    }
  });
});

describe('the npm build (scripts/build.js)', () => {
  it('splits packages only some commands use into dist/vendor/, each one there', async () => {
    const { packageOf, vendorName } = (await import('../../scripts/vendor-plugin.js' as string)) as {
      packageOf: (s: string) => string;
      vendorName: (s: string) => string;
    };
    expect(packageOf('@inquirer/prompts')).toBe('@inquirer/prompts');
    expect(packageOf('csv-parse/sync')).toBe('csv-parse');
    expect(packageOf('/x/node_modules/turndown/node_modules/@mixmark-io/domino/lib/index.js')).toBe('@mixmark-io/domino');
    expect(vendorName('@inquirer/prompts')).toBe('inquirer-prompts');
    expect(vendorName('csv-parse/sync')).toBe('csv-parse-sync');
  });

  it('is rebuilt before the tests when dist/ is missing or older than anything it is built from', async () => {
    const { staleReason } = (await import('../../scripts/build-if-stale.js' as string)) as { staleReason: (dir: string) => string | undefined };
    const dir = mkdtempSync(join(tmpdir(), 'docsctl-stale-'));
    try {
      mkdirSync(join(dir, 'src', 'engine'), { recursive: true });
      writeFileSync(join(dir, 'src', 'engine', 'a.ts'), '');
      writeFileSync(join(dir, 'package.json'), '{}');
      expect(staleReason(dir)).toBe('dist/docsctl.cjs is missing');
      mkdirSync(join(dir, 'dist'));
      writeFileSync(join(dir, 'dist', 'docsctl.cjs'), '');
      const past = (seconds: number) => new Date(Date.now() - seconds * 1000);
      for (const path of ['src/engine/a.ts', 'src/engine', 'src', 'package.json']) utimesSync(join(dir, path), past(60), past(60));
      expect(staleReason(dir)).toBeUndefined();
      utimesSync(join(dir, 'src', 'engine', 'a.ts'), new Date(), new Date(Date.now() + 5000)); // edited after the build
      expect(staleReason(dir)).toBe('src changed since the last build');
      utimesSync(join(dir, 'src', 'engine', 'a.ts'), past(60), past(60));
      rmSync(join(dir, 'src', 'engine', 'a.ts')); // a removed file changes its folder
      utimesSync(join(dir, 'src', 'engine'), new Date(), new Date(Date.now() + 5000));
      expect(staleReason(dir)).toBe('src changed since the last build');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // About 10 s: the single executable's checks on `node bin/docsctl.cjs`, the dist/ that vitest's global
  // set-up built (building here would pull it from under the other files that run it).
  it('runs every lazily loaded feature through bin/docsctl.cjs: vendor bundles, code cache, serve + a remote command', async () => {
    // The start-up bundles (scripts/split-bundles.js): the core, the engine, one per command group.
    const names = readdirSync(join(root, 'dist')).filter((name) => /^docsctl(-[\w-]+)?\.cjs$/.test(name));
    expect(names).toEqual(expect.arrayContaining(['docsctl.cjs', 'docsctl-engine.cjs', 'docsctl-members.cjs', 'docsctl-serve.cjs']));
    const bundles = names.map((name) => readFileSync(join(root, 'dist', name), 'utf8'));
    for (const bundle of bundles) expect(bundle).toMatch(/^\/\/ docsctl bundle [0-9a-f]{16}\n/);
    const vendors = bundles.flatMap((bundle) => [...bundle.matchAll(/require\("\.\/vendor\/([\w.-]+\.cjs)"\)/g)].map((m) => m[1]));
    expect(vendors).toEqual(expect.arrayContaining(['undici.cjs', 'marked.cjs', 'jq-wasm.cjs', 'ora.cjs']));
    for (const name of vendors) expect(existsSync(join(root, 'dist', 'vendor', name)), name).toBe(true);
    // The core holds the entry, zod, commander, the route table and the client, not the engine: a remote
    // command reads no more. The engine holds better-sqlite3's JavaScript.
    expect(statSync(join(root, 'dist', 'docsctl.cjs')).size).toBeLessThan(400 * 1024);
    expect(bundles[names.indexOf('docsctl-engine.cjs')]).toContain('better-sqlite3');
    expect(bundles[names.indexOf('docsctl.cjs')]).not.toContain('better-sqlite3');

    await expectPackageChecksPass(['--build']);
  }, 180_000);
});
