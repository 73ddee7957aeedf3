import type { Token } from 'marked';
import type { LiquidTag } from '../gitbook-blocks';
import type { Container } from '../gitbook-blocks';
import { closing, isContainerName, partsOf, tagAttributes, tagOf } from '../liquid-containers';
import { escapeHtml } from './escape';
import { parametersByLocation } from './api-operation';

/**
 * GitBook's blocks that the markdown reader keeps as a pair of tag lines around ordinary blocks
 * (`{% stepper %}` … `{% endstepper %}`): stepper and steps, columns, updates, and API operations
 * (`openapi-operation`, legacy `swagger` and `openapi`). The renderer finds each pair among a list of
 * blocks and writes its container around what is inside.
 */
export type RenderBlocks = (tokens: Token[], depth: number) => string;

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

/**
 * A stepper, columns or updates block around its parts; what stands between the parts is not shown (as
 * the platform shows it). A part outside its block shows its blocks; another container its body.
 */
export function containerHtml(container: Container, render: RenderBlocks, depth: number): string {
  const parts = partsOf(container).parts;
  switch (isContainerName(container.name) ? container.name : '') {
    case 'stepper':
      return `<ol class="stepper">${parts.map((step) => `<li class="step">${render(step.tokens, depth + 1)}</li>`).join('')}</ol>\n`;
    case 'columns':
      return `<div class="columns">${parts.map((column) => `<div class="column">${render(column.tokens, depth + 1)}</div>`).join('')}</div>\n`;
    case 'updates': {
      const updates = parts.map((update) => {
        const date = update.attrs.date;
        return `<section class="update">${date ? `<p class="update-date"><time datetime="${escapeHtml(date)}">${escapeHtml(date)}</time></p>` : ''}${render(update.tokens, depth + 1)}</section>`;
      });
      return `<div class="updates">${updates.join('')}</div>\n`;
    }
    default:
      return render(container.tokens, depth + 1);
  }
}

/** An `openapi-operation` block rendered from its spec, or undefined where no spec is at hand (the heading alone). */
export type RenderOperation = (tag: LiquidTag) => string | undefined;

const CONTAINERS: Record<string, (tag: LiquidTag, inner: Token[], render: RenderBlocks, depth: number) => string> = {
  'openapi-operation': (tag, _inner, _render, _depth) => `<section class="api-operation">${operationHeading(tag)}</section>\n`,
  swagger: (tag, inner, render, depth) => `<section class="api-operation">${operationHeading(tag)}${swaggerBody(tag, inner, render, depth)}</section>\n`,
  openapi: (tag, inner, render, depth) => `<section class="api-operation">${operationHeading(tag)}${render(inner, depth + 1)}</section>\n`,
};

/**
 * A legacy `{% swagger %}` block written by hand: its summary, then its `swagger-description`,
 * `swagger-parameter`s (by location) and `swagger-response`s as the platform showed them; anything else
 * inside it in its place.
 */
function swaggerBody(tag: LiquidTag, inner: Token[], render: RenderBlocks, depth: number): string {
  const summary = tagAttributes(tag.raw).summary;
  const out: string[] = summary ? [`<p class="api-operation-summary">${escapeHtml(summary)}</p>`] : [];
  const parameters: { in: string; html: string }[] = [];
  const responses: string[] = [];
  for (let i = 0; i < inner.length; i++) {
    const part = tagOf(inner[i]);
    const end = part && ['swagger-description', 'swagger-parameter', 'swagger-response'].includes(part.name) ? closing(inner, i, part.name) : -1;
    if (!part || end < 0) {
      out.push(render([inner[i]], depth + 1));
      continue;
    }
    const attributes = tagAttributes(part.raw);
    const body = render(inner.slice(i + 1, end), depth + 1);
    i = end;
    if (part.name === 'swagger-description') out.push(`<div class="api-operation-description">${body}</div>`);
    else if (part.name === 'swagger-parameter') {
      const type = attributes.type ? ` <span class="schema-type">${escapeHtml(attributes.type)}</span>` : '';
      const required = attributes.required === 'true' ? ' <span class="schema-required">required</span>' : '';
      parameters.push({ in: attributes.in ?? 'query', html: `<li><code class="schema-name">${escapeHtml(attributes.name ?? '')}</code>${type}${required}${body ? `<div class="schema-description">${body}</div>` : ''}</li>` });
    } else {
      const description = attributes.description ? `: ${escapeHtml(attributes.description)}` : '';
      responses.push(`<details class="api-response"><summary><code>${escapeHtml(attributes.status ?? '')}</code>${description}</summary>${body}</details>`);
    }
  }
  out.push(parametersByLocation(parameters));
  if (responses.length) out.push('<h4>Responses</h4>', ...responses);
  return out.join('');
}

/** Tags that stand alone as an API operation when their closing tag is missing. */
const LONE_OPERATIONS = new Set(['openapi-operation', 'swagger', 'openapi']);

/**
 * Renders a list of blocks, containers included: `block` renders any other token. Tags of no known
 * container (and a container's stray parts) render as nothing, as the reader has always shown them.
 */
export function renderWithContainers(list: Token[], depth: number, block: (token: Token, depth: number) => string, operation?: RenderOperation): string {
  const render: RenderBlocks = (tokens, d) => renderWithContainers(tokens, d, block, operation);
  let out = '';
  for (let i = 0; i < list.length; i++) {
    const tag = tagOf(list[i]);
    const container = tag ? CONTAINERS[tag.name] : undefined;
    if (tag && container) {
      const end = closing(list, i, tag.name);
      const fromSpec = tag.name === 'openapi-operation' || tag.name === 'swagger' ? operation?.(tag) : undefined;
      if (fromSpec !== undefined) {
        out += fromSpec;
        if (end > i) i = end;
        continue;
      }
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
