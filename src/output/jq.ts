import { createRequire } from 'node:module';
import { UsageError } from '../errors';

// jq compiled to WebAssembly (inlined in the package, so it works offline), loaded on first --jq only.
// A lazy require, not a bundled import: its Emscripten loader needs CommonJS `__dirname`.
const load = createRequire(import.meta.url);

/**
 * Runs `expression` over `value` like `jq -r`: strings print raw, other results as indented JSON, one per
 * line. Any jq failure (syntax or run time) is a usage error carrying jq's own message.
 */
export async function applyJq(value: unknown, expression: string): Promise<string> {
  const { raw } = load('jq-wasm') as typeof import('jq-wasm');
  try {
    const output = await raw(JSON.stringify(value ?? null), expression, ['-r']);
    return output === '' ? '' : `${output.replace(/\n$/, '')}\n`;
  } catch (error) {
    // jq's message, without its trailing blanks and the "jq: 1 compile error" summary line.
    const message = (error instanceof Error ? error.message : String(error))
      .split('\n')
      .map((line) => line.trimEnd())
      .filter((line) => line && !/^jq: \d+ compile errors?$/.test(line))
      .join('\n')
      .replace(/^jq: error:\s*/, '');
    throw new UsageError(`--jq: ${message}`);
  }
}
