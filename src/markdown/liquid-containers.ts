import type { Token } from 'marked';
import type { LiquidTag } from './gitbook-blocks';

/**
 * GitBook's blocks that the markdown reader keeps as a pair of tag lines around ordinary blocks
 * (`{% stepper %}` … `{% endstepper %}`, its `{% step %}` parts inside): found among a list of block
 * tokens, for the document model (document/from-markdown.ts) and the renderer (html/containers.ts).
 */

export const tagOf = (token: Token): LiquidTag | undefined => (token.type === 'liquid-tag' ? (token as LiquidTag) : undefined);

/** The attributes of a tag line: `name="value"` pairs (double or single quotes). */
export function tagAttributes(raw: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of raw.matchAll(/([\w-]+)=(?:"([^"]*)"|'([^']*)')/g)) out[m[1]] ??= m[2] ?? m[3];
  return out;
}

/** The index of the tag closing the one at `start` (`end` + its name), nested pairs skipped; -1 without one. */
export function closing(list: Token[], start: number, name: string): number {
  let open = 0;
  for (let i = start; i < list.length; i++) {
    const tag = tagOf(list[i]);
    if (tag?.name === name) open++;
    else if (tag?.name === `end${name}` && --open === 0) return i;
  }
  return -1;
}

/**
 * The parts of a container between each `{% part %}` and its `{% endpart %}`, with the part's tag;
 * `outside`: whether anything but blank lines stands between the parts.
 */
export function parts(inner: Token[], name: string): { parts: { tag: LiquidTag; tokens: Token[] }[]; outside: boolean } {
  const out: { tag: LiquidTag; tokens: Token[] }[] = [];
  let outside = false;
  for (let i = 0; i < inner.length; i++) {
    const tag = tagOf(inner[i]);
    if (tag?.name !== name) {
      if (inner[i].type !== 'space') outside = true;
      continue;
    }
    const end = closing(inner, i, name);
    if (end < 0) {
      outside = true;
      break;
    }
    out.push({ tag, tokens: inner.slice(i + 1, end) });
    i = end;
  }
  return { parts: out, outside };
}

/** The containers of parts the document model knows, each with its parts' tag name. */
export const CONTAINER_PARTS = { stepper: 'step', columns: 'column', updates: 'update' } as const;
export type ContainerName = keyof typeof CONTAINER_PARTS;
