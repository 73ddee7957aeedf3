import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sandbox } from '../helpers/cli';
import { startServe, type Served } from '../helpers/serve';
import { specFixture } from '../helpers/openapi';

/** Publishing from CI against a real `docsctl serve`: the CLI only has a URL and a token. */
describe('OpenAPI specs and translations in remote mode through serve', () => {
  const box = sandbox();
  let served: Served;
  const remote = (argv: string[], tty = false) => served.remote(argv, tty);
  const json = (argv: string[]) => served.json(argv);

  beforeAll(async () => {
    expect((await box.run(['init'])).code).toBe(0);
    writeFileSync(join(box.dir, 'v1.yaml'), specFixture('v1.yaml'));
    writeFileSync(join(box.dir, 'v2.yaml'), specFixture('v2.yaml'));
    served = await startServe(box);
  });

  afterAll(async () => {
    await served.stop();
  });

  it('publishing a file twice makes one version, a changed file a second; diff flags breaking changes', async () => {
    const first = await json(['openapi', 'publish', 'v1.yaml', '--spec', 'petstore']);
    expect(first).toMatchObject({ change: 'new-spec', version: { number: 1 } });
    const again = await json(['openapi', 'publish', 'v1.yaml', '--spec', 'petstore']);
    expect(again).toMatchObject({ change: 'no-change', version: { id: first.version.id } });
    expect((await json(['openapi', 'versions', 'petstore'])).count).toBe(1);

    const diff = await remote(['openapi', 'diff', 'petstore', 'v2.yaml', '--fail-on-breaking']);
    expect(diff.code).toBe(1);
    expect(diff.stdout).toContain('removed\tDELETE /pets/{petId} (deletePet)\tyes\toperation removed');

    const second = await json(['openapi', 'publish', 'v2.yaml', '--spec', 'petstore']);
    expect(second).toMatchObject({ change: 'new-version', version: { number: 2 } });
    expect((await json(['openapi', 'versions', 'petstore'])).items.map((v: { number: number }) => v.number)).toEqual([2, 1]);
    expect((await remote(['openapi', 'content', 'petstore'])).stdout).toBe(specFixture('v2.yaml'));
    // The version's url serves the raw document over HTTP with the token.
    const raw = await fetch(second.version.url.replace('http://localhost:8080', served.url), { headers: { authorization: `Bearer ${served.token}` } });
    expect(await raw.text()).toBe(specFixture('v2.yaml'));
    expect((await remote(['openapi', 'diff', 'petstore', 'v2.yaml', '--fail-on-breaking'])).code).toBe(0);
  });

  it('manages translation settings', async () => {
    const created = await json(['translations', 'create', '--title', 'European', '--language', 'fr', 'de-ch']);
    expect(created.languages).toEqual(['fr', 'de-CH']);
    expect((await json(['translations', 'update', created.id, '--language', 'it'])).languages).toEqual(['it']);
    expect((await remote(['translations', 'delete', created.id, '--yes'])).code).toBe(0);
    expect((await remote(['translations', 'get', created.id])).code).toBe(5);
  });
});
