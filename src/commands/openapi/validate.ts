import type { Command } from 'commander';
import type { Context } from '../../context';
import { CliError, EXIT } from '../../errors';
import { sourceText } from './source';

/** One problem of a document: where (a JSON pointer as `#/…`, when the problem has a place) and what. */
interface Problem {
  at?: string;
  message: string;
}

/** What `openapi validate --json` says of each document (docs/cli.md). */
interface Checked {
  source: string;
  valid: boolean;
  format?: 'json' | 'yaml';
  title?: string;
  version?: string;
  problems: Problem[];
}

/** `#/info: missing required property "version"` as `{ at: '#/info', message: … }`; a message without a place as it is. */
function problemOf(message: string): Problem {
  const placed = /^(#\/\S*): (.+)$/s.exec(message);
  return placed ? { at: placed[1], message: placed[2] } : { message };
}

/** Reads and validates one document, as `openapi publish` does before sending it: its problems, never a throw for the document's own faults. */
async function check(ctx: Context, source: string): Promise<Checked> {
  let text: string;
  try {
    text = await sourceText(ctx, source);
  } catch (error) {
    // A file that cannot be read, a URL that cannot be fetched: that document's problem; the others are still checked.
    if (!(error instanceof CliError)) throw error;
    return { source, valid: false, problems: [{ message: error.message.startsWith(`${source}: `) ? error.message.slice(source.length + 2) : error.message }] };
  }
  const [{ readSpec }, { SpecParseError, formatOf }, { SpecBoundError }] = await Promise.all([
    import('../../openapi-document/read-spec'),
    import('../../openapi-document/document'),
    import('../../openapi-document/spec-bound'),
  ]);
  const format = text.trim() ? formatOf(text) : undefined;
  try {
    const document = await ctx.spin(`Validating ${source}`, () => readSpec(text));
    return {
      source, valid: true, format: document.format,
      ...(document.title !== undefined ? { title: document.title } : {}),
      ...(document.version !== undefined ? { version: document.version } : {}),
      problems: [],
    };
  } catch (error) {
    // A document past the time or memory bound is refused by the instance too (PARSE_ERROR).
    if (error instanceof SpecBoundError) return { source, valid: false, ...(format ? { format } : {}), problems: [{ message: error.message }] };
    if (!(error instanceof SpecParseError)) throw error;
    return { source, valid: false, ...(format ? { format } : {}), problems: error.messages.map(problemOf) };
  }
}

export function registerValidate(group: Command, ctx: Context): void {
  group
    .command('validate')
    .argument('<file-or-url...>', 'OpenAPI 3.x / Swagger 2.0 documents (JSON or YAML): files, or http(s) URLs fetched here')
    .description('validate OpenAPI documents here, as openapi publish does before sending one: each problem with where it is')
    .addHelpText('after', `
Nothing is sent and no database or instance is needed: a CI step can run it before anything else.
Each problem is one line on stdout, FILE: #/json/pointer: what is wrong (an unexpected property is
named: #/paths/~1pets/get: unexpected property "summry"); the same lines on a terminal and piped.
Exit codes: 0 when every document is valid, 1 when one is not (or cannot be read or fetched).
--json prints { valid, documents: [{ source, valid, format, title, version, problems: [{ at, message }] }] }.

Examples:
  $ docsctl openapi validate ./openapi.yaml
  $ docsctl openapi validate ./openapi.yaml --json
  $ docsctl openapi validate https://api.example.com/openapi.json`)
    .action(async (sources: string[]) => {
      const checked: Checked[] = [];
      for (const source of sources) checked.push(await check(ctx, source));
      const invalid = checked.filter((c) => !c.valid);
      if (ctx.out.json) ctx.out.raw({ valid: !invalid.length, documents: checked });
      else {
        for (const c of checked) {
          for (const p of c.problems) ctx.out.text(`${c.source}: ${p.at ? `${p.at}: ` : ''}${p.message}`);
          if (c.valid) ctx.out.message(`${c.source}: a valid OpenAPI document${c.title !== undefined ? ` (${JSON.stringify(c.title)}${c.version !== undefined ? `, version ${c.version}` : ''})` : ''}.`);
        }
      }
      if (!invalid.length) return;
      const problems = invalid.reduce((n, c) => n + c.problems.length, 0);
      const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
      throw new CliError(
        checked.length === 1
          ? `${invalid[0].source} is not a valid OpenAPI document (${plural(problems, 'problem')}${ctx.out.json ? '' : ', listed above'})`
          : `${plural(invalid.length, 'document')} of ${checked.length} not valid OpenAPI (${plural(problems, 'problem')}${ctx.out.json ? '' : ', listed above'}): ${invalid.map((c) => c.source).join(', ')}`,
        EXIT.error,
      );
    });
}
