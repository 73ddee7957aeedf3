import { UsageError } from '../errors';
import { parseFields } from './fields';

export const FORMATS = ['table', 'tsv', 'csv', 'json'] as const;
export type Format = (typeof FORMATS)[number];

/** The global output flags as commander hands them over (see `jsonArgv` for how `--json` gets its value). */
export interface OutputFlags {
  /** `true` or `''`: bare --json; a string: the fields to keep. */
  json?: string | boolean;
  jq?: string;
  format?: string;
}

export interface OutputMode {
  format: Format;
  /** `--json FIELDS`: only these (dot) paths of each object. */
  fields?: string[];
  /** `--jq EXPR`: filter the JSON document through jq. */
  jq?: string;
}

/** Decides the output format: --format, --json and --jq, else a table on a terminal and TSV on a pipe. */
export function resolveOutputMode(flags: OutputFlags, tty: boolean): OutputMode {
  const { format } = flags;
  if (format !== undefined && !(FORMATS as readonly string[]).includes(format)) {
    const hint = format === 'markdown' || format === 'document' ? ' (the body format of comments is --body-format)' : '';
    throw new UsageError(`--format: must be one of ${FORMATS.join(', ')}, not "${format}"${hint}`);
  }
  const json = flags.json !== undefined && flags.json !== false;
  const fields = typeof flags.json === 'string' && flags.json !== '' ? parseFields(flags.json) : undefined;
  if (flags.jq !== undefined && flags.jq.trim() === '') throw new UsageError('--jq: give a jq expression, e.g. --jq ".items[].id"');
  for (const [flag, on] of [['--json', json], ['--jq', flags.jq !== undefined]] as const) {
    if (on && format !== undefined && format !== 'json') throw new UsageError(`${flag} prints JSON: it cannot be combined with --format ${format}`);
  }
  if (json || flags.jq !== undefined || format === 'json') return { format: 'json', fields, jq: flags.jq };
  return { format: (format as Format | undefined) ?? (tty ? 'table' : 'tsv') };
}
