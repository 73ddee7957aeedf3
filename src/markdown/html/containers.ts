import type { Token } from 'marked';
import type { LiquidTag } from '../gitbook-blocks';
import { escapeHtml } from './escape';

/**
 * GitBook's blocks that the markdown reader keeps as a pair of tag lines around ordinary blocks
 * (`{% stepper %}` … `{% endstepper %}`): stepper and steps, columns, updates, and API operations
 * (`openapi-operation`, legacy `swagger` and `openapi`). The renderer finds each pair among a list of
 * blocks and writes its container around what is inside.
 */
export type RenderBlocks = (tokens: Token[], depth: number) => string;

const tagOf = (token: Token): LiquidTag | undefined => (token.type === 'liquid-tag' ? (token as LiquidTag) : undefined);

/** The attributes of a tag line: `name="value"` pairs (double or single quotes). */
export function tagAttributes(raw: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of raw.matchAll(/([\w-]+)=(?:"([^"]*)"|'([^']*)')/g)) out[m[1]] ??= m[2] ?? m[3];
  return out;
}

/** The index of the tag closing the one at `start` (`end` + its name), nested pairs skipped; -1 without one. */
function closing(list: Token[], start: number, name: string): number {
  let open = 0;
  for (let i = start; i < list.length; i++) {
    const tag = tagOf(list[i]);
    if (tag?.name === name) open++;
    else if (tag?.name === `end${name}` && --open === 0) return i;
  }
  return -1;
}

/** The parts of a container between each `{% part %}` and its `{% endpart %}`, with the part's tag. */
function parts(inner: Token[], name: string): { tag: LiquidTag; tokens: Token[] }[] {
  const out: { tag: LiquidTag; tokens: Token[] }[] = [];
  for (let i = 0; i < inner.length; i++) {
    const tag = tagOf(inner[i]);
    if (tag?.name !== name) continue;
    const end = closing(inner, i, name);
    if (end < 0) break;
    out.push({ tag, tokens: inner.slice(i + 1, end) });
    i = end;
  }
  return out;
}

/** An API operation's heading: its method and path (the operation itself is rendered from its spec later). */
export function operationHeading(tag: LiquidTag): string {
  const attributes = tagAttributes(tag.raw);
  const method = (attributes.method ?? '').toUpperCase();
  const path = attributes.path ?? '';
  if (!method && !path) return '';
  const spec = attributes.spec ?? attributes.src;
  return `<h3 class="api-operation-title"><code class="method method-${escapeHtml(method.toLowerCase())}">${escapeHtml(method)}</code> <code>${escapeHtml(path)}</code></h3>` +
    (spec ? `<p class="api-operation-spec">From ${escapeHtml(spec)}</p>` : '');
}

const CONTAINERS: Record<string, (tag: LiquidTag, inner: Token[], render: RenderBlocks, depth: number) => string> = {
  stepper: (_tag, inner, render, depth) =>
    `<ol class="stepper">${parts(inner, 'step').map((step) => `<li class="step">${render(step.tokens, depth + 1)}</li>`).join('')}</ol>\n`,
  columns: (_tag, inner, render, depth) =>
    `<div class="columns">${parts(inner, 'column').map((column) => `<div class="column">${render(column.tokens, depth + 1)}</div>`).join('')}</div>\n`,
  updates: (_tag, inner, render, depth) => {
    const updates = parts(inner, 'update').map((update) => {
      const date = tagAttributes(update.tag.raw).date;
      return `<section class="update">${date ? `<p class="update-date"><time datetime="${escapeHtml(date)}">${escapeHtml(date)}</time></p>` : ''}${render(update.tokens, depth + 1)}</section>`;
    });
    return `<div class="updates">${updates.join('')}</div>\n`;
  },
  'openapi-operation': (tag, _inner, _render, _depth) => `<section class="api-operation">${operationHeading(tag)}</section>\n`,
  swagger: (tag, inner, render, depth) => `<section class="api-operation">${operationHeading(tag)}${render(inner, depth + 1)}</section>\n`,
  openapi: (tag, inner, render, depth) => `<section class="api-operation">${operationHeading(tag)}${render(inner, depth + 1)}</section>\n`,
};

/** Tags that stand alone as an API operation when their closing tag is missing. */
const LONE_OPERATIONS = new Set(['openapi-operation', 'swagger', 'openapi']);

/**
 * Renders a list of blocks, containers included: `block` renders any other token. Tags of no known
 * container (and a container's stray parts) render as nothing, as the reader has always shown them.
 */
export function renderWithContainers(list: Token[], depth: number, block: (token: Token, depth: number) => string): string {
  const render: RenderBlocks = (tokens, d) => renderWithContainers(tokens, d, block);
  let out = '';
  for (let i = 0; i < list.length; i++) {
    const tag = tagOf(list[i]);
    const container = tag ? CONTAINERS[tag.name] : undefined;
    if (tag && container) {
      const end = closing(list, i, tag.name);
      if (end > i) {
        out += container(tag, list.slice(i + 1, end), render, depth);
        i = end;
        continue;
      }
      if (LONE_OPERATIONS.has(tag.name)) {
        out += `<section class="api-operation">${operationHeading(tag)}</section>\n`;
        continue;
      }
    }
    out += block(list[i], depth);
  }
  return out;
}
