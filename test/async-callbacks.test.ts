import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// An async callback given to an array method starts every step at once and hands back promises
// (`filter` keeps everything, `forEach` waits for nothing): with a store whose transactions follow
// the awaits, steps of one write would interleave. The engine uses mapInOrder/filterInOrder instead.
const ASYNC_CALLBACK = /\.(?:map|forEach|filter|some|every|find|findIndex|findLast|sort|toSorted|flatMap|reduce)\(\s*async\b|Array\.from\([^()]*,\s*async\b/;

/** `file:line` of every async callback given to an array method in a folder's TypeScript files. */
export function asyncCallbacks(root: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
    const file = join(entry.parentPath, entry.name);
    readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
      if (ASYNC_CALLBACK.test(line)) found.push(`${file.slice(root.length + 1)}:${i + 1}`);
    });
  }
  return found;
}

describe('no async callback in an array method', () => {
  it('holds for src/', () => {
    expect(asyncCallbacks(fileURLToPath(new URL('../src', import.meta.url)))).toEqual([]);
  });

  it('finds one', () => {
    expect(ASYNC_CALLBACK.test('const rows = ids.map(async (id) => core.get(id));')).toBe(true);
    expect(ASYNC_CALLBACK.test('Array.from({ length: 3 }, async () => 1)')).toBe(true);
    expect(ASYNC_CALLBACK.test('const rows = await mapInOrder(ids, async (id) => core.get(id));')).toBe(false);
  });
});
