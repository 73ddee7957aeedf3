import type { Token } from 'marked';
import { CONTAINER_PARTS, type Container, type ContainerName, type LiquidTag } from './gitbook-blocks';

/**
 * GitBook's blocks made of parts, for the document model (document/from-markdown.ts) and the renderer
 * (html/containers.ts): stepper, columns and updates are `container` tokens (gitbook-blocks.ts); API
 * operations are still a pair of tag lines (`{% swagger %}` … `{% endswagger %}`) among a list of blocks.
 */

export const tagOf = (token: Token): LiquidTag | undefined => (token.type === 'liquid-tag' ? (token as LiquidTag) : undefined);
export const containerOf = (token: Token): Container | undefined => (token.type === 'container' ? (token as Container) : undefined);
export const isContainerName = (name: string): name is ContainerName => name in CONTAINER_PARTS;

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

/** A stepper's, columns' or updates' parts, and whether anything but blank lines stands between them. */
export function partsOf(container: Container): { parts: Container[]; outside: boolean } {
  const name = isContainerName(container.name) ? CONTAINER_PARTS[container.name] : undefined;
  const parts: Container[] = [];
  let outside = false;
  for (const token of container.tokens) {
    const part = containerOf(token);
    if (part && part.name === name) parts.push(part);
    else if (token.type !== 'space') outside = true;
  }
  return { parts, outside };
}
