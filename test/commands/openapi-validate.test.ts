import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sandbox } from '../helpers/cli';
import { emptySandbox } from './support';
import { specFixture } from '../helpers/openapi';
import { fixtureSite, serve, type FixtureSite } from '../fixtures/import/server';

const v1 = specFixture('v1.yaml');

/** A document with a misspelt key, a parameter in an unknown place, and responses that are not an object. */
const BAD = `openapi: 3.0.3
info:
  title: Pets
  version: "1"
paths:
  /pets:
    get:
      summry: list the pets
      parameters:
        - name: limit
          in: querry
          schema: { type: integer }
      responses:
        "200":
          description: ok
    post:
      responses: 5
`;

const BAD_LINES = [
  'bad.yaml: #/paths/~1pets/get: unexpected property "summry"',
  'bad.yaml: #/paths/~1pets/get/parameters/0/in: "querry" is not one of "path", "query", "header", "cookie"',
  'bad.yaml: #/paths/~1pets/post/responses: must be object (it is a number)',
];

let site: FixtureSite;
beforeAll(async () => {
  site = await fixtureSite({ '/v1.yaml': serve(v1, 'application/yaml'), '/bad.yaml': serve(BAD, 'application/yaml') });
});
afterAll(() => site.close());

/** A sandbox with no database at all: validate needs none. */
function files() {
  const box = sandbox();
  writeFileSync(join(box.dir, 'v1.yaml'), v1);
  writeFileSync(join(box.dir, 'bad.yaml'), BAD);
  writeFileSync(join(box.dir, 'invalid.yaml'), specFixture('invalid.yaml'));
  return box;
}

describe('openapi validate', () => {
  it('a valid document: exit 0, nothing on stdout, what it is on stderr; no database is opened or made', async () => {
    const box = files();
    const r = await box.run(['openapi', 'validate', 'v1.yaml']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('v1.yaml: a valid OpenAPI document ("Petstore", version 1.0.0).\n');
    expect(existsSync(box.env.DOCSCTL_DB)).toBe(false);
  });

  it('an invalid one: each problem a line on stdout naming the place and the property or value, exit 1; the same on a terminal', async () => {
    const box = files();
    const piped = await box.run(['openapi', 'validate', 'bad.yaml']);
    expect(piped.code).toBe(1);
    expect(piped.stdout).toBe(`${BAD_LINES.join('\n')}\n`);
    expect(piped.stderr).toBe('error: bad.yaml is not a valid OpenAPI document (3 problems, listed above)\n');
    const tty = await box.run(['openapi', 'validate', 'bad.yaml'], { tty: true });
    expect(tty.code).toBe(1);
    expect(tty.stdout).toBe(piped.stdout);
    const missing = await box.run(['openapi', 'validate', 'invalid.yaml']);
    expect(missing.stdout).toBe('invalid.yaml: #/info: missing required property "version"\ninvalid.yaml: #/paths/~1pets/get: missing required property "responses"\n');
  });

  it('--json: the problems as data, { at, message }', async () => {
    const box = files();
    const r = await box.run(['openapi', 'validate', 'bad.yaml', 'v1.yaml', '--json']);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toEqual({
      valid: false,
      documents: [
        {
          source: 'bad.yaml', valid: false, format: 'yaml',
          problems: [
            { at: '#/paths/~1pets/get', message: 'unexpected property "summry"' },
            { at: '#/paths/~1pets/get/parameters/0/in', message: '"querry" is not one of "path", "query", "header", "cookie"' },
            { at: '#/paths/~1pets/post/responses', message: 'must be object (it is a number)' },
          ],
        },
        { source: 'v1.yaml', valid: true, format: 'yaml', title: 'Petstore', version: '1.0.0', problems: [] },
      ],
    });
    expect(r.stderr).toBe('error: 1 document of 2 not valid OpenAPI (3 problems): bad.yaml\n');
    const good = await box.run(['openapi', 'validate', 'v1.yaml', '--json']);
    expect(good.code).toBe(0);
    expect(JSON.parse(good.stdout)).toMatchObject({ valid: true, documents: [{ source: 'v1.yaml', valid: true }] });
  });

  it('several documents: each checked, a file that cannot be read is one more invalid document', async () => {
    const box = files();
    writeFileSync(join(box.dir, 'broken.json'), '{"openapi": "3.0.3",');
    const r = await box.run(['openapi', 'validate', 'v1.yaml', 'nope.yaml', 'broken.json']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^nope\.yaml: cannot read the file \(ENOENT\)\nbroken\.json: the document is not valid JSON: .+\n$/);
    expect(r.stderr).toContain('v1.yaml: a valid OpenAPI document');
    expect(r.stderr).toContain('error: 2 documents of 3 not valid OpenAPI (2 problems, listed above): nope.yaml, broken.json');
  });

  it('a URL is fetched here and validated', async () => {
    const box = files();
    expect((await box.run(['openapi', 'validate', `${site.url}/v1.yaml`])).code).toBe(0);
    const bad = await box.run(['openapi', 'validate', `${site.url}/bad.yaml`]);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain(`${site.url}/bad.yaml: #/paths/~1pets/get: unexpected property "summry"`);
    const gone = await box.run(['openapi', 'validate', `${site.url}/missing.yaml`]);
    expect(gone.code).toBe(1);
    expect(gone.stdout).toContain('answered HTTP 404');
  });

  it('publish names the property too, and sends nothing', async () => {
    const box = await emptySandbox();
    writeFileSync(join(box.dir, 'bad.yaml'), BAD);
    const r = await box.run(['openapi', 'publish', 'bad.yaml', '--spec', 'petstore']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('  #/paths/~1pets/get: unexpected property "summry"\n');
    expect(r.stderr).toContain('bad.yaml is not a valid OpenAPI document (3 problems, listed above); nothing was sent');
  });
});

describe('an unknown command of a group is an error, with --help too', () => {
  it.each([
    [['openapi', 'validat', '--help'], "unknown command 'validat' for docsctl openapi (did you mean validate?); its commands: docsctl openapi --help"],
    [['openapi', 'frob', '-h'], "unknown command 'frob' for docsctl openapi; its commands: docsctl openapi --help"],
    [['--json', 'teams', 'members', 'ad', '--help'], "unknown command 'ad' for docsctl teams members (did you mean add?); its commands: docsctl teams members --help"],
    [['help', 'openapi', 'frob'], "unknown command 'frob' for docsctl openapi; its commands: docsctl openapi --help"],
    [['frob', '--help'], "unknown command 'frob' for docsctl; its commands: docsctl --help"],
  ])('%j exits 2', async (argv, message) => {
    const r = await sandbox().run(argv);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`error: ${message}\n`);
  });

  it('known commands still show their help (exit 0), and an unknown one without --help is still exit 2', async () => {
    for (const argv of [['openapi', 'validate', '--help'], ['openapi', '--help'], ['--org', 'X', 'teams', 'members', '--help'], ['content', 'page', 'x', '--help'], ['api', '/v1/x', '--help']]) {
      const r = await sandbox().run(argv);
      expect(r.code, argv.join(' ')).toBe(0);
      expect(r.stdout).toMatch(/^Usage: docsctl /);
    }
    expect((await sandbox().run(['openapi', 'frob'])).code).toBe(2);
  });
});
