// `content push --merge` of the largest real Git Sync repository of the corpus (../shared/corpus, or
// $DOCSCTL_CORPUS; fluentd's documentation, 39 MB) through the built CLI, as CI runs it, uploads included.
// The baseline is the same repository's markdown alone (SUMMARY.md, .gitbook.yaml and every page, no
// other file), pushed the same way in the same run. Skipped, with a note, when the corpus is absent.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { median, type BenchRow } from './report';
import { runQuiet } from './spawn';

/** Every file under `dir`, relative to it. */
function filesUnder(dir: string): string[] {
  const files: string[] = [];
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(at, entry.name));
      else if (entry.isFile()) files.push(relative(dir, join(at, entry.name)));
    }
  };
  walk(dir);
  return files;
}

/** The corpus's repository folders (a folder with a SUMMARY.md, or its sub-folders with one), largest first. */
function repositories(corpus: string): { name: string; dir: string; bytes: number; files: string[] }[] {
  const found: { name: string; dir: string; bytes: number; files: string[] }[] = [];
  const folders = (dir: string) => readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory() && !e.name.startsWith('.')).map((e) => e.name);
  const add = (name: string, dir: string) => {
    const files = filesUnder(dir);
    found.push({ name, dir, files, bytes: files.reduce((sum, f) => sum + statSync(join(dir, f)).size, 0) });
  };
  for (const name of folders(corpus)) {
    const dir = join(corpus, name);
    if (existsSync(join(dir, 'SUMMARY.md')) || existsSync(join(dir, '.gitbook.yaml'))) add(name, dir);
    else for (const sub of folders(dir)) if (existsSync(join(dir, sub, 'SUMMARY.md'))) add(`${name}/${sub}`, join(dir, sub));
  }
  return found.sort((a, b) => b.bytes - a.bytes);
}

export function benchGitSyncCorpus(bin: string, root: string, runs = 3): BenchRow[] {
  const corpus = process.env.DOCSCTL_CORPUS ? resolve(process.env.DOCSCTL_CORPUS) : resolve(root, '../shared/corpus');
  const found = existsSync(corpus) ? repositories(corpus) : [];
  if (!found.length) return [{ name: `git sync corpus push+merge: skipped, no corpus at ${corpus} (set DOCSCTL_CORPUS)`, value: '-' }];
  const largest = found[0];
  const dir = mkdtempSync(join(tmpdir(), 'docsctl-bench-corpus-'));
  const { NODE_EXTRA_CA_CERTS: _, ...clean } = process.env;
  const env = { ...clean, DOCSCTL_DB: join(dir, 'bench.db'), DOCSCTL_CONFIG_DIR: dir, CI: '1' };
  try {
    // The baseline: the markdown alone.
    const pagesOnly = join(dir, 'pages-only');
    const markdown = largest.files.filter((f) => /\.md$/i.test(f) || /^\.gitbook\.ya?ml$/.test(f));
    for (const file of markdown) {
      mkdirSync(dirname(join(pagesOnly, file)), { recursive: true });
      copyFileSync(join(largest.dir, file), join(pagesOnly, file));
    }
    runQuiet(bin, ['init'], env);
    const time = (folder: string) => {
      const space = JSON.parse(runQuiet(bin, ['spaces', 'create', '--title', 'Bench', '--json'], env)).id as string;
      const start = performance.now();
      const result = spawnSync(process.execPath, [bin, 'content', 'push', folder, '--space', space, '--merge', '--json'], { env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
      const ms = performance.now() - start;
      if (result.status !== 0) return { ms, error: result.stderr.split('\n').filter((l) => l && !l.startsWith('Skipped')).join(' ').slice(0, 160) };
      const summary = JSON.parse(result.stdout) as { inserted: number; uploaded: number; merged: boolean };
      return { ms, summary };
    };
    const baseline: number[] = [];
    const full: number[] = [];
    let uploaded = 0;
    let pages = 0;
    let error: string | undefined;
    for (let i = 0; i < runs && !error; i++) {
      const base = time(pagesOnly);
      if (base.error) throw new Error(`content push of ${largest.name}'s markdown failed: ${base.error}`);
      baseline.push(base.ms);
      pages = base.summary!.inserted;
      const run = time(largest.dir);
      if (run.error) error = run.error;
      else {
        full.push(run.ms);
        uploaded = run.summary!.uploaded;
      }
    }
    const mib = (largest.bytes / 1024 / 1024).toFixed(1);
    const rows: BenchRow[] = [{ name: `git sync corpus push+merge: ${largest.name}'s markdown alone, ${pages} pages (baseline)`, value: `${median(baseline).toFixed(0)} ms` }];
    if (error) rows.push({ name: `git sync corpus push+merge: ${largest.name} (${largest.files.length} files, ${mib} MiB)`, value: `failed: ${error}`, target: 'the push succeeds', ok: false });
    else {
      const ms = median(full);
      rows.push({ name: `git sync corpus push+merge: ${largest.name}, ${pages} pages, ${uploaded} files uploaded (folder ${mib} MiB)`, value: `${ms.toFixed(0)} ms`, ratio: ms / median(baseline) });
    }
    return rows;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
