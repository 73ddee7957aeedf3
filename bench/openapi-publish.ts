// `openapi publish` of a 50-line spec as a new user runs it (issue 35): the built CLI on the local
// sample database, each run a changed document (so each publishes a new version), interleaved with a
// local `members list`, its baseline. `openapi validate` of the same file shows what validating alone costs.
// The single executable's group runs the same with the executable as the program.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, type BenchRow } from './report';
import { startupEnv } from './startup';

/** A 50-line OpenAPI document (the petstore of the README's examples), its version `version`. */
function petstore(version: string): string {
  return `openapi: 3.0.3
info:
  title: Petstore
  version: '${version}'
paths:
  /pets:
    get:
      operationId: listPets
      summary: List all pets
      parameters:
        - name: limit
          in: query
          schema:
            type: integer
      responses:
        '200':
          description: A list of pets
          content:
            application/json:
              schema:
                type: array
                items:
                  $ref: '#/components/schemas/Pet'
  /pets/{petId}:
    get:
      operationId: showPetById
      summary: Info for a specific pet
      parameters:
        - name: petId
          in: path
          required: true
          schema:
            type: string
      responses:
        '200':
          description: Expected response to a valid request
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/Pet'
components:
  schemas:
    Pet:
      type: object
      required: [id, name]
      properties:
        id:
          type: integer
        name:
          type: string
`;
}

/** Milliseconds one run of the CLI (`program` and `args`) took; fails loudly if it failed. */
function timed(program: string[], args: string[], env: NodeJS.ProcessEnv): number {
  const start = process.hrtime.bigint();
  const result = spawnSync(program[0], [...program.slice(1), ...args], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.status !== 0) throw new Error(`docsctl ${args.join(' ')} failed: ${result.stderr}`);
  return ms;
}

/**
 * The rows of `openapi publish` against a local `members list`, run by `program` (Node with the built
 * CLI; the single executable's group passes the executable), each row's name headed by `label`.
 */
export function benchOpenapiPublish(program: string[], runs: number, label = 'openapi'): BenchRow[] {
  const dir = mkdtempSync(join(tmpdir(), 'docsctl-bench-'));
  const env = startupEnv(dir);
  const spec = join(dir, 'openapi.yaml');
  try {
    timed(program, ['init', '--sample'], env);
    // The first runs write each command group's code cache, as a user's first commands would.
    writeFileSync(spec, petstore('0.1.0'));
    for (const args of [['members', 'list'], ['openapi', 'publish', spec, '--spec', 'petstore'], ['openapi', 'validate', spec]]) timed(program, args, env);
    const list: number[] = [];
    const publish: number[] = [];
    const validate: number[] = [];
    // A new user's very first publish has no code cache to read yet (and writes them): as with the cache off.
    const cold: number[] = [];
    const coldEnv = { ...env, DOCSCTL_CODE_CACHE: 'off' };
    for (let i = 0; i < runs; i++) {
      list.push(timed(program, ['members', 'list'], env));
      writeFileSync(spec, petstore(`1.0.${i}`));
      publish.push(timed(program, ['openapi', 'publish', spec, '--spec', 'petstore'], env));
      validate.push(timed(program, ['openapi', 'validate', spec], env));
      writeFileSync(spec, petstore(`2.0.${i}`));
      cold.push(timed(program, ['openapi', 'publish', spec, '--spec', 'petstore'], coldEnv));
    }
    const [baseline, published, validated, coldPublished] = [median(list), median(publish), median(validate), median(cold)];
    return [
      { name: `${label}: local members list (baseline)`, value: `${baseline.toFixed(1)} ms` },
      { name: `${label}: publish a 50-line spec, a new version`, value: `${published.toFixed(1)} ms`, ratio: published / baseline, target: '<= 3x members list', ok: published / baseline <= 3 },
      { name: `${label}: validate the same spec`, value: `${validated.toFixed(1)} ms`, ratio: validated / baseline },
      { name: `${label}: publish with the code cache off (a first run)`, value: `${coldPublished.toFixed(1)} ms`, ratio: coldPublished / baseline },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
