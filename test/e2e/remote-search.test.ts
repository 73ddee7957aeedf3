import { describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { servedSandbox } from '../helpers/serve';

/** Search through a real `docsctl serve`: push and merge content, find it, change it, find the change. */
describe('search in remote mode through serve', () => {
  const { box, remote } = servedSandbox();

  it('finds merged content, ranked, and follows the next merge', async () => {
    const space = JSON.parse((await remote(['spaces', 'create', '--title', 'Handbook', '--json'])).stdout).id;
    const docs = join(box.dir, 'handbook');
    mkdirSync(docs, { recursive: true });
    writeFileSync(join(docs, 'onboarding.md'), '# Onboarding\n\nWelcome aboard.\n\n## Laptop\n\nRequest a laptop from IT.\n');
    writeFileSync(join(docs, 'laptop.md'), '# Laptop policy\n\nEvery laptop is encrypted.\n');
    expect((await remote(['content', 'push', 'handbook', '--space', space, '--merge'])).code).toBe(0);

    const found = await remote(['search', 'laptop', '--space', space, '--json']);
    expect(found.code, found.stderr).toBe(0);
    const listing = JSON.parse(found.stdout);
    expect(listing.items.map((i: { title: string }) => i.title)).toEqual(['Laptop policy', 'Onboarding']);
    expect(listing.items[1].sections[0]).toMatchObject({ title: 'Laptop', path: 'onboarding#laptop' });

    const org = await remote(['search', 'laptop']);
    expect(org.code, org.stderr).toBe(0);
    expect(org.stdout.trim().split('\n').map((l) => l.split('\t')[0])).toEqual(['Handbook', 'Handbook']);

    writeFileSync(join(docs, 'laptop.md'), '# Laptop policy\n\nEvery device is encrypted; tablets too.\n');
    expect((await remote(['content', 'push', 'handbook', '--space', space, '--merge'])).code).toBe(0);
    const tablets = JSON.parse((await remote(['search', 'tablets', '--space', space, '--json'])).stdout);
    expect(tablets.items.map((i: { title: string }) => i.title)).toEqual(['Laptop policy']);
    const tty = await remote(['search', 'encrypted', '--space', space], true);
    expect(tty.stdout).toContain('1. Laptop policy (laptop)');
  });
});
