import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandbox, type RunResult } from '../helpers/cli';
import { fixtureSite, type FixtureSite } from '../fixtures/import/server';
import { allExamples, type Example } from './examples';
import { shellWords } from './shell-words';
import { exampleRoutes, sampleTemplate, sandboxFrom } from './sample';
import { VALUE_FLAGS } from '../../src/global-flags';

/**
 * Every `$ docsctl …` line in docsctl's help (the program's, every command's and the help topics')
 * runs against a copy of an `init --sample` database and must succeed. Examples of one command group
 * share a sandbox and run in the order the help shows them, destructive verbs last. `describeExamples`
 * runs them all with one `ExampleRunner`: in-process through `main(argv)` (examples.test.ts), or
 * through the built `bin/docsctl.cjs` as child processes (examples-built.test.ts).
 *
 * What the test changes in a line before running it, and why:
 * - placeholders (SPACE_ID, TEAM_ID, …) become ids from the sample database;
 * - the illustrative addresses ada@acme.com, grace@acme.com and ada@example.com become sample members;
 * - the example URLs to import or publish from are served by a local fixture site, and the URL
 *   given to `login --url` is a local `serve`; $TOKEN and $DOCS_URL are that server's;
 * - a few placeholders mean something else in one group (OVERRIDES), where the examples need, say, a
 *   space that is not on the site yet;
 * - `serve` listens on port 0 and is stopped once it is listening;
 * - `NAME=$(docsctl …)` runs the docsctl part, captured (piped);
 * - in a pipeline, docsctl, `cat FILE` and jq run (jq through jq-wasm, the jq of --jq, so the
 *   examples' filters are checked); awk, echo and file are the reader's tools and are skipped; a
 *   docsctl part before `|` runs piped, `> FILE` saves its output, `| xargs docsctl …` gets the
 *   previous output as arguments, and one before `||` may exit 1 (that is what the `||` is for).
 * Everything else runs on a terminal that answers yes to prompts and picks the first choice of a
 * pick-list, as a person would. Destructive verbs run after the others, each in its own copy of the
 * group's sandbox, so deleting something does not take it away from the next example.
 */

export type Box = Awaited<ReturnType<typeof sandbox>>;

/** A running `serve` over a sandbox's database, with a token minted for it. */
export interface ExampleServer {
  url: string;
  token: string;
  stop(): Promise<unknown>;
}

/** How docsctl is run: in-process, or the built entry as a child process. */
export interface ExampleRunner {
  /** Runs `docsctl argv`; `tty`: on a terminal that answers prompts yes / first choice. */
  run(box: Box, argv: string[], options: { tty: boolean; env: Record<string, string>; stdin?: string }): Promise<RunResult>;
  /** Runs `serve` (its --port becomes 0) until it listens, then stops it. */
  serve(box: Box, argv: string[]): Promise<RunResult>;
  /** A real server for the examples that name $TOKEN, $DOCS_URL or `login`. */
  startServer(box: Box): Promise<ExampleServer>;
}

/** Placeholders that stand for something else in one group (keys of the sample template's values). */
const OVERRIDES: Record<string, Record<string, string>> = {
  // Spaces that are not on the site yet, so they can be added.
  sections: { SPACE_ID: 'space:Support playbook', OTHER_SPACE_ID: 'space:Onboarding' },
  // An empty collection, so it can be deleted.
  collections: { COLLECTION_ID: 'collection:Archive' },
  'site-spaces': { SPACE_ID: 'space:Support playbook', OTHER_SPACE_ID: 'space:Onboarding' },
};

/** Verbs that destroy what later examples of the same group may use: they run last. */
const DESTRUCTIVE = new Set(['delete', 'remove', 'revoke', 'transfer', 'purge', 'logout', 'merge']);

/** Examples whose exit code is documented as non-zero when they find something. */
const MAY_FIND = ['--fail-on-broken', '--fail-on-breaking'];


function substitute(site: FixtureSite, word: string, values: Record<string, string>, served?: ExampleServer, previous?: string): string {
  const names = Object.keys(values).sort((a, b) => b.length - a.length);
  let out = word.replace(new RegExp(`\\b(${names.join('|')})\\b`, 'g'), (name) => values[name]);
  out = out.replace(/\bada@(acme\.com|acme\.example|example\.com)\b/g, 'ada.lovelace@acme.example').replace(/\bgrace@acme\.(com|example)\b/g, 'grace.hopper@acme.example');
  out = out
    .replace('https://docs.example.com/', `${site.url}/docs/`)
    .replace(/^https:\/\/(api\.)?example\.com\//, `${site.url}/`);
  if (previous === '--url' && served) out = served.url;
  return out;
}

/** A copy of a sandbox (database, profiles, files) for one destructive example. */
function copyOf(box: Box): Box {
  const copy = sandbox();
  cpSync(box.dir, copy.dir, { recursive: true });
  return copy;
}

async function runExample(runner: ExampleRunner, site: FixtureSite, example: Example, box: Box, values: Record<string, string>, served?: ExampleServer) {
  const vars = { TOKEN: served?.token ?? '', DOCS_URL: served?.url ?? '' };
  const captured = /^\w+=\$\((.*)\)$/.exec(example.line);
  const raw = shellWords(captured ? `${captured[1]} > /dev/null` : example.line, vars);
  const pieces = raw.map((p, i) => {
    if ('op' in p) return p;
    const before = raw[i - 1];
    return { word: substitute(site, p.word, values, served, before && 'word' in before ? before.word : undefined) };
  });
  const segments: { words: string[]; after?: string }[] = [{ words: [] }];
  for (const piece of pieces) {
    if ('op' in piece) {
      segments.at(-1)!.after = piece.op;
      segments.push({ words: [] });
    } else segments.at(-1)!.words.push(piece.word);
  }
  let output = '';
  let ran = 0;
  for (const [i, segment] of segments.entries()) {
    const before = segments[i - 1]?.after;
    if (before === '>') continue; // the file name
    const words = [...segment.words];
    const env: Record<string, string> = {};
    while (words.length && /^[A-Z_]+=/.test(words[0])) {
      const [name, ...value] = words.shift()!.split('=');
      env[name] = value.join('=');
    }
    const xargs = words[0] === 'xargs' && before === '|';
    if (xargs) words.shift();
    if (words[0] === 'docsctl') {
      const argv = xargs ? [...words.slice(1), ...output.split(/\s+/).filter(Boolean)] : words.slice(1);
      const piped = segment.after === '|' || segment.after === '>';
      const serve = argv.find((a, j) => !a.startsWith('-') && !(j > 0 && VALUE_FLAGS.has(argv[j - 1]))) === 'serve';
      const result = serve
        ? await runner.serve(box, argv)
        : await runner.run(box, argv, { tty: !piped, env, stdin: before === '|' && !xargs ? output : undefined });
      const allowed = segment.after === '||' || argv.some((w) => MAY_FIND.includes(w)) ? [0, 1] : [0];
      expect(allowed, `${example.source}: $ ${example.line}\n  ran: docsctl ${argv.join(' ')}\n  exit ${result.code}\n${result.stderr}${result.stdout.slice(0, 2000)}`).toContain(result.code);
      output = result.stdout;
      ran++;
    } else if (words[0] === 'cat') {
      output = readFileSync(join(box.dir, words[1]), 'utf8');
    } else if (words[0] === 'jq') {
      // The reader's jq, run with the jq docsctl's --jq uses, so the example's filter is checked too.
      const { raw: jq } = createRequire(import.meta.url)('jq-wasm') as typeof import('jq-wasm');
      const flags = words.slice(1).filter((w) => /^-[a-z]+$/.test(w));
      const filter = words.slice(1).find((w) => !/^-[a-z]+$/.test(w)) ?? '.';
      output = await jq(output, filter, flags);
    }
    if (segment.after === '>' && segments[i + 1].words[0] !== '/dev/null') writeFileSync(join(box.dir, segments[i + 1].words[0]), output);
  }
  expect(ran, `no docsctl command in: ${example.line}`).toBeGreaterThan(0);
}

/** One test per command group: its examples in order (destructive ones last), through `runner`. */
export async function describeExamples(title: string, runner: ExampleRunner): Promise<void> {
  const examples = await allExamples();
  const groups = [...new Set(examples.map((e) => e.group))];
  let site: FixtureSite;
  let template: Awaited<ReturnType<typeof sampleTemplate>>;

  beforeAll(async () => {
    site = await fixtureSite(await exampleRoutes());
    template = await sampleTemplate(site);
  }, 60_000);

  afterAll(async () => {
    await site?.close();
  });

  describe(title, () => {
    it('finds examples in every command and topic', () => {
      expect(examples.length).toBeGreaterThan(250);
      expect(groups).toContain('(program)');
      expect(groups).toContain('help output');
    });

    it.each(groups)('%s', async (group) => {
      const box = sandboxFrom(template.db);
      const values = { ...template.values };
      for (const [name, value] of Object.entries(OVERRIDES[group] ?? {})) values[name] = template.named[value];
      const mine = examples.filter((e) => e.group === group);
      expect(mine.length).toBeGreaterThan(0);
      const needsServer = mine.some((e) => /\$TOKEN|\$DOCS_URL|\blogin\b/.test(e.line));
      const served = needsServer ? await runner.startServer(box) : undefined;
      try {
        for (const example of mine.filter((e) => !DESTRUCTIVE.has(e.verb))) await runExample(runner, site, example, box, values, served);
        for (const example of mine.filter((e) => DESTRUCTIVE.has(e.verb))) await runExample(runner, site, example, copyOf(box), values, served);
      } finally {
        if (served) await served.stop();
      }
    }, 120_000);
  });
}
