/** Colours a table may use, and what they mean (see docs/decisions.md: colour with meaning, sparingly). */
export type Tone = 'good' | 'bad' | 'warn' | 'muted' | 'done' | 'strong';

const CODES: Record<Tone, [open: number, close: number]> = {
  good: [32, 39], // green: open, active
  bad: [31, 39], // red: deleted, failed, conflicts
  warn: [33, 39], // yellow: admin power, outdated
  muted: [2, 22], // dim: guests, drafts, archived
  done: [35, 39], // magenta: merged, as gh shows it
  strong: [1, 22], // bold: a search match
};

/** Paints text in a tone, or leaves it plain when colour is off (NO_COLOR, pipes, CI, TERM=dumb). */
export type Paint = (text: string, tone: Tone | undefined) => string;

export function palette(color: boolean): Paint {
  return (text, tone) => {
    if (!color || !tone || !text) return text;
    const [open, close] = CODES[tone];
    return `\u001b[${open}m${text}\u001b[${close}m`;
  };
}
