import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Slow on purpose: the whole pipeline in a child process (push, link check, publish, static build of ~30 pages).
// Issue 58: `npm run docs` in CI: docsctl's own documentation pushed, checked and built as a static site.
describe('npm run docs (scripts/docs-site.js)', () => {
  it('builds the README and docs/ into a static site with no broken link, on the page or in the copy', () => {
    const out = mkdtempSync(join(tmpdir(), 'docsctl-docs-site-'));
    try {
      const run = spawnSync(process.execPath, [join(__dirname, '..', '..', 'scripts', 'docs-site.js'), '--out', out], { encoding: 'utf8' });
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toMatch(/^docsctl's documentation: \d+ pages in .*; no broken link\.\n$/);
      for (const page of ['index.html', 'cli/index.html', 'decisions/index.html', 'search-index.json', 'llms.txt']) expect(existsSync(join(out, page)), page).toBe(true);
      expect(readFileSync(join(out, 'cli', 'index.html'), 'utf8')).toContain('<h1>');
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 120_000);
});
