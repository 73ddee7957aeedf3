// `npm run test:durations`: writes test/file-durations.json, each test file's time in the last runs by
// `project:path`, from vitest's own cache (node_modules/.vite/vitest/…/results.json). The suite's
// sequencer (test/longest-first-sequencer.ts) runs the longest files first from it where the cache is
// missing, as in a clean clone. Run it after a whole `npm test` when files were added or got slower.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const cacheDir = join(root, 'node_modules', '.vite', 'vitest');
const caches = existsSync(cacheDir) ? readdirSync(cacheDir).map((hash) => join(cacheDir, hash, 'results.json')).filter(existsSync) : [];
if (!caches.length) {
  console.error('no vitest results cache: run `npm test` first');
  process.exit(1);
}
const durations = {};
for (const file of caches) {
  for (const [key, result] of JSON.parse(readFileSync(file, 'utf8')).results) {
    // Files of the suite only, as they run today (the quick project's are the sqlite project's files).
    if (!/^(sqlite|postgres|s3):/.test(key) || !existsSync(join(root, key.slice(key.indexOf(':') + 1)))) continue;
    durations[key] = Math.round(result.duration / 100) * 100;
  }
}
const sorted = Object.fromEntries(Object.entries(durations).sort(([a], [b]) => a.localeCompare(b)));
writeFileSync(join(root, 'test', 'file-durations.json'), `${JSON.stringify(sorted, null, 1)}\n`);
console.log(`test/file-durations.json: ${Object.keys(sorted).length} files`);
