import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fieldsOf, json, ok, sampleSandbox } from './support';

// Issue 58, item 3: `sites api-reference add` through main(argv); the route's rules are in test/server/site-api-reference.test.ts.
describe('sites api-reference add', () => {
  it('adds a section of a page per tag on a terminal and as JSON, and again adds only what a new version brought', async () => {
    const s = await sampleSandbox();
    writeFileSync(join(s.dir, 'v1.yaml'), readFileSync(new URL('../fixtures/openapi/v1.yaml', import.meta.url)));
    ok(await s.run(['openapi', 'publish', 'v1.yaml', '--spec', 'petstore']));
    const site = await json(s, ['sites', 'create', '--title', 'Guides', '--new-space', 'sample']);
    const tty = ok(await s.run(['sites', 'api-reference', 'add', site.id, '--spec', 'petstore'], { tty: true }));
    expect(tty.stderr).toContain(`Added an API reference of petstore to site ${site.id}: 1 page (pets).`);
    expect(fieldsOf(tty.stdout)).toMatchObject({ SPEC: 'petstore', TAGS: 'pets', ADDED: 'pets' });
    const sections = (await json(s, ['sections', 'list', site.id])).items as { title: string }[];
    expect(sections.map((x) => x.title)).toEqual(['Guides', 'API reference']);
    writeFileSync(join(s.dir, 'v2.yaml'), readFileSync(new URL('../fixtures/openapi/v2.yaml', import.meta.url)));
    ok(await s.run(['openapi', 'publish', 'v2.yaml', '--spec', 'petstore']));
    const piped = await json(s, ['sites', 'api-reference', 'add', site.id, '--spec', 'petstore']);
    expect(piped).toMatchObject({ object: 'site-api-reference', created: false, tags: ['pets', 'stores'], added: [] });
    const quiet = ok(await s.run(['sites', 'api-reference', 'add', site.id, '--spec', 'petstore']));
    expect(quiet.stderr).toContain('The API reference of petstore is up to date.');
  });

  it('says what is wrong: an unknown spec (exit 5), a title too short (exit 1: the API answers 400)', async () => {
    const s = await sampleSandbox();
    const site = (await json(s, ['sites', 'list'])).items[0];
    const unknown = await s.run(['sites', 'api-reference', 'add', site.id, '--spec', 'nowhere']);
    expect(unknown.code).toBe(5);
    expect(unknown.stderr).toContain('no OpenAPI spec nowhere');
    const short = await s.run(['sites', 'api-reference', 'add', site.id, '--spec', 'petstore', '--title', 'x']);
    expect(short.code).toBe(1);
    expect(short.stderr).toContain('title');
  });
});
