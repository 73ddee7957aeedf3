// `npm run docs` (issue 58): docsctl's own documentation (the README and docs/) as a published site,
// built with `sites build` into docs-site/ (or --out DIR). It runs the built CLI as a user would: a
// throwaway database, the pages pushed as a Git Sync folder, their links checked (`links
// --fail-on-broken`), the site published and built, then every link of the copy checked on disk.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outAt = process.argv.indexOf('--out');
const out = resolve(outAt > 0 ? process.argv[outAt + 1] : join(root, 'docs-site'));
const bin = join(root, 'bin', 'docsctl.cjs');
if (!existsSync(join(root, 'dist'))) throw new Error('build docsctl first: node scripts/build.js');

const work = mkdtempSync(join(tmpdir(), 'docsctl-docs-'));
const env = { ...process.env, DOCSCTL_DB: join(work, 'docs.db'), HOME: work, CI: '1', NO_COLOR: '1' };
delete env.DOCSCTL_URL;
delete env.DOCSCTL_TOKEN;
delete env.DOCSCTL_PROFILE;

/** Runs docsctl; its JSON output when asked, failing the script with what it said otherwise. */
function docsctl(args, { json = false, allow = [0] } = {}) {
  const run = spawnSync(process.execPath, [bin, ...args, ...(json ? ['--json'] : [])], { env, cwd: work, encoding: 'utf8', maxBuffer: 64 << 20 });
  if (!allow.includes(run.status)) {
    process.stderr.write(run.stdout + run.stderr);
    throw new Error(`docsctl ${args.join(' ')} exited ${run.status}`);
  }
  return json ? JSON.parse(run.stdout) : run;
}

/** The pages: the README first, then docs/ in this order; each titled by its first heading. */
const PAGES = ['README.md', 'docs/cli.md', 'docs/api.md', 'docs/deployment.md', 'docs/security.md', 'docs/distribution.md', 'docs/architecture.md', 'docs/decisions.md', 'docs/performance.md'];
const folder = join(work, 'content');
for (const page of PAGES) cpSync(join(root, page), join(folder, page));
const title = (page) => /^#\s+(.+)$/m.exec(readFileSync(join(root, page), 'utf8'))?.[1].trim() ?? page;
writeFileSync(join(folder, 'SUMMARY.md'), `# Table of contents\n\n${PAGES.map((p) => `* [${title(p).replace(/[[\]]/g, '')}](${p})`).join('\n')}\n`);

docsctl(['init']);
const space = docsctl(['spaces', 'create', '--title', 'docsctl'], { json: true });
docsctl(['content', 'push', folder, '--space', space.id, '--merge']);
const links = docsctl(['links', '--space', space.id, '--status', 'broken'], { json: true });
const broken = links.items ?? links;
if (broken.length) {
  for (const link of broken) process.stderr.write(`broken: ${JSON.stringify(link)}\n`);
  throw new Error(`${broken.length} broken links in the documentation`);
}
const site = docsctl(['sites', 'create', '--title', 'docsctl', '--space', space.id], { json: true });
docsctl(['sites', 'publish', site.id]);
const report = docsctl(['sites', 'build', site.id, '--out', out], { json: true });
if (report.missing.length) throw new Error(`the site answered 404 for: ${report.missing.join(', ')}`);

// Every link of every page of the copy leads to a file of the copy (a folder's index.html).
const missing = [];
const walk = (dir) => readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)]));
for (const file of walk(out).filter((f) => f.endsWith('.html'))) {
  for (const m of readFileSync(file, 'utf8').matchAll(/\b(?:href|src)="([^"#?]+)[^"]*"/g)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(m[1]) || m[1].startsWith('//')) continue;
    let target = resolve(dirname(file), decodeURIComponent(m[1]));
    if (existsSync(target) && statSync(target).isDirectory()) target = join(target, 'index.html');
    if (!existsSync(target)) missing.push(`${file.slice(out.length + 1)} → ${m[1]}`);
  }
}
rmSync(work, { recursive: true, force: true });
if (missing.length) throw new Error(`links of the copy that lead nowhere:\n${missing.slice(0, 30).join('\n')}`);
console.log(`docsctl's documentation: ${report.pages} pages in ${out} (${report.written} written, ${report.unchanged} unchanged); no broken link.`);
