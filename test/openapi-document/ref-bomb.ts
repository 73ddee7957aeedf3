import { readFileSync } from 'node:fs';

/**
 * test/fixtures/openapi/ref-bomb.json: seven schemas of ten properties, each referring to the one
 * before: 5 KB that validate as 10^7 nodes. scripts/package-test.js sends the same file to the built CLI.
 */
export function refBomb(): string {
  return readFileSync(new URL('../fixtures/openapi/ref-bomb.json', import.meta.url), 'utf8');
}
