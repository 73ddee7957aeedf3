import { rgb } from 'pdf-lib';
import type { Block, Fragment, InlineContent, JSONDocument, Ref, Table } from '../markdown/document/types';
import { pageDocument } from '../markdown/document/from-markdown';
import { textOfHtml } from '../markdown/html/text-of-html';
import { withoutLeadingTitle } from '../markdown/markdown';
import { publishedHeadingIds, slugOfHeading } from '../markdown/headings';
import { MAX_INCLUDE_DEPTH } from '../markdown/gitbook-blocks';
import { atomsOf, breakLines, type LinkTarget, type Span, type Style } from './lines';
import { paragraphIsRtl } from './scripts';
import { embedImage } from './images';
import { MARGIN, type Band, type Writer } from './writer';
import type { PdfPage, PdfSource } from './source';

type Color = [number, number, number];
const TEXT: Color = [0.13, 0.14, 0.16];
const MUTED: Color = [0.42, 0.45, 0.5];
const LINK: Color = [0.1, 0.35, 0.8];
const BODY = 10.5;
const LEADING = 1.45;
const HEADING_SIZES = { 'heading-1': 17, 'heading-2': 14, 'heading-3': 12 } as const;
const HINTS: Record<string, { bar: Color; tint: Color }> = {
  info: { bar: [0.23, 0.51, 0.96], tint: [0.93, 0.96, 1] },
  success: { bar: [0.13, 0.6, 0.33], tint: [0.92, 0.98, 0.94] },
  warning: { bar: [0.85, 0.6, 0.05], tint: [1, 0.97, 0.9] },
  danger: { bar: [0.86, 0.2, 0.2], tint: [1, 0.94, 0.94] },
};
const DEFINITION = /^(?: {0,3}\[(?!\^)[^\]\n]+\]:[ \t]*\S+.*(?:\n|$))+$/;
const TAG = /<\/?[a-z][a-z0-9-]*(?:\s[^<>]*)?\/?>/i;

/** Where a block is drawn: its left edge, its width, the bands beside it (hints, quotes). */
interface Frame { x: number; width: number; bands: Band[]; depth: number }

const style = (overrides: Partial<Style> = {}): Style => ({ face: 'regular', size: BODY, color: TEXT, ...overrides });

/** A page's blocks drawn by a writer: what the site shows, as far as paper can (tabs one after another, expandables open). */
export class PageBlocks {
  /** The ids of the page's own headings (not those inside hints, tabs or reusable contents), by node. */
  private readonly headingIds = new Map<Block, string[]>();
  /** The page's headings of levels 1 and 2, where they are: a one-page PDF's table of contents. */
  readonly outline: { text: string; level: number; target: LinkTarget }[] = [];

  constructor(private readonly w: Writer, private readonly source: PdfSource, private readonly page: PdfPage, private readonly included: Set<string>) {}

  /** The page: its title, then its document. */
  async draw(document: JSONDocument = pageDocument(withoutLeadingTitle(this.page.markdown))): Promise<void> {
    const headings = document.nodes.filter((n) => n.type.startsWith('heading-')) as { nodes: InlineContent[] }[];
    const published = publishedHeadingIds(headings.map((h) => plainText(h.nodes)));
    headings.forEach((heading, i) => this.headingIds.set(heading as Block, [published[i], slugOfHeading(plainText(heading.nodes))]));
    const frame: Frame = { x: MARGIN, width: this.w.width - 2 * MARGIN, bands: [], depth: 0 };
    this.w.mark(this.page.id);
    await this.text([{ text: this.page.title, style: style({ face: 'bold', size: 22 }) }], frame, { gapAfter: 10 });
    for (const node of document.nodes) await this.block(node, frame);
  }

  private async block(node: Block, frame: Frame): Promise<void> {
    switch (node.type) {
      case 'paragraph':
        return this.paragraph(node.nodes, frame);
      case 'heading-1': case 'heading-2': case 'heading-3': {
        const ids = this.headingIds.get(node) ?? [];
        this.w.ensure(HEADING_SIZES[node.type] * 3.2);
        this.w.down(HEADING_SIZES[node.type] * 0.6);
        for (const id of ids) this.w.mark(`${this.page.id}#${id}`);
        if (ids.length && node.type !== 'heading-3') this.outline.push({ text: plainText(node.nodes), level: Number(node.type.slice(8)), target: { page: this.page.id, anchor: ids[0] } });
        return this.text(await this.spans(node.nodes, style({ face: 'bold', size: HEADING_SIZES[node.type] })), frame, { gapAfter: 4 });
      }
      case 'code':
        return this.code(node.nodes.map((line) => plainText(line.nodes)), node.data.title, frame);
      case 'blockquote':
        return this.nested(node.nodes, frame, { x: frame.x, width: 0, color: [1, 1, 1], bar: [0.8, 0.82, 0.85] });
      case 'hint': {
        const colors = HINTS[node.data.style] ?? HINTS.info;
        return this.nested(node.nodes, frame, { x: frame.x, width: frame.width, color: colors.tint, bar: colors.bar });
      }
      case 'list-ordered': case 'list-unordered': case 'list-tasks': {
        const start = node.type === 'list-ordered' ? node.data.start ?? 1 : 1;
        for (const [i, item] of node.nodes.entries()) {
          const marker = node.type === 'list-ordered' ? `${start + i}.` : node.type === 'list-tasks' || item.data.checked !== undefined ? (item.data.checked ? '[x]' : '[ ]') : '•';
          await this.item(marker, item.nodes, frame);
        }
        this.w.down(3);
        return;
      }
      case 'divider':
        this.w.ensure(14);
        this.w.down(7);
        this.w.rule(frame.x, frame.width);
        this.w.down(7);
        return;
      case 'images':
        for (const image of node.nodes) await this.block(image, frame);
        return;
      case 'image':
        return this.image(node.data.ref, node.data.alt, captionOf(node.fragments), frame);
      case 'tabs':
        for (const tab of node.nodes) {
          await this.text([{ text: tab.data.title, style: style({ face: 'bold', color: MUTED }) }], frame, { gapAfter: 2 });
          await this.nested(tab.nodes, frame, { x: frame.x, width: 0, color: [1, 1, 1], bar: [0.85, 0.86, 0.88] });
        }
        return;
      case 'stepper':
        for (const [i, step] of node.nodes.entries()) await this.item(`${i + 1}.`, step.nodes, frame);
        return;
      case 'columns':
        for (const column of node.nodes) for (const child of column.nodes) await this.block(child, frame);
        return;
      case 'updates':
        for (const update of node.nodes) {
          await this.text([{ text: update.data.date, style: style({ face: 'bold', color: MUTED }) }], frame, { gapAfter: 2 });
          for (const child of update.nodes) await this.block(child, frame);
        }
        return;
      case 'expandable':
        for (const fragment of node.fragments) {
          if (fragment.type === 'expandable-title') await this.text([{ text: `▸ ${fragmentText(fragment)}`, style: style({ face: 'bold' }) }], frame, { gapAfter: 2 });
          else await this.nested(fragment.nodes, frame, { x: frame.x, width: 0, color: [1, 1, 1], bar: [0.85, 0.86, 0.88] });
        }
        return;
      case 'embed':
        return this.text([{ text: node.data.url, style: style({ color: LINK, link: { url: node.data.url } }) }], frame, { gapAfter: 6 });
      case 'file': case 'content-ref': {
        const target = this.target(node.data.ref);
        const label = node.type === 'file' ? `📎 ${this.source.fileName?.(node.data.ref.kind === 'file' ? node.data.ref.file : '') ?? refText(node.data.ref)}` : `→ ${this.titleOf(node.data.ref)}`;
        return this.text([{ text: label, style: style({ color: target ? LINK : TEXT, ...(target ? { link: target } : {}) }) }], frame, { gapAfter: 6 });
      }
      case 'reusable-content': {
        const markdown = frame.depth < MAX_INCLUDE_DEPTH ? this.source.reusable?.(node.data.ref.reusableContent) : undefined;
        if (markdown !== undefined) for (const child of pageDocument(markdown).nodes) await this.block(child, { ...frame, depth: frame.depth + 1 });
        return;
      }
      case 'table':
        return this.table(node, frame);
      case 'math':
        return this.code([node.data.formula], undefined, frame);
      case 'openapi-operation': case 'swagger':
        return this.text([{ text: `${node.data.method.toUpperCase()} ${node.data.path}`, style: style({ face: 'mono', size: 11 }) }], frame, { gapAfter: 6 });
      default: {
        // A kind this renderer does not know: its text, never nothing.
        const text = blockText(node as Block);
        if (text) await this.text([{ text, style: style() }], frame, { gapAfter: 6 });
      }
    }
  }

  /** A paragraph's inline content; images inside it drawn as images where they stand. */
  private async paragraph(nodes: InlineContent[], frame: Frame): Promise<void> {
    // Link reference definitions (`[1]: images/a.png`) the document keeps as text: a page shows none.
    if (nodes.every((n) => n.object === 'text' && n.leaves.every((l) => DEFINITION.test(l.text)))) return;
    let run: InlineContent[] = [];
    const flush = async () => {
      if (run.length) await this.text(await this.spans(run, style()), frame, { gapAfter: 7 });
      run = [];
    };
    for (const node of nodes) {
      if (node.object === 'inline' && node.type === 'inline-image') {
        await flush();
        await this.image(node.data.ref, node.data.alt, node.data.caption, frame);
      } else if (node.object === 'text' && node.leaves.length === 1 && TAG.test(node.leaves[0].text)) {
        // Raw HTML: its text, and the images it shows.
        for (const [, src] of node.leaves[0].text.matchAll(/<img\b[^>]*?\bsrc\s*=\s*["']([^"']+)["']/gi)) {
          await flush();
          await this.image({ kind: 'url', url: src }, undefined, undefined, frame);
        }
        const text = textOfHtml(node.leaves[0].text.replace(/<br\s*\/?>/gi, '\n'));
        if (text) run.push({ object: 'text', leaves: [{ object: 'leaf', text, marks: node.leaves[0].marks }] });
      } else run.push(node);
    }
    await flush();
  }

  /** Inline content as spans: marks as faces, links resolved to jumps or URLs. */
  private async spans(nodes: InlineContent[], base: Style): Promise<Span[]> {
    const out: Span[] = [];
    for (const node of nodes) {
      if (node.object === 'text') {
        for (const leaf of node.leaves) {
          const marks = new Set(leaf.marks.map((m) => m.type));
          out.push({
            text: leaf.text,
            style: {
              ...base,
              ...(marks.has('bold') && base.face !== 'mono' ? { face: 'bold' } : {}),
              ...(marks.has('code') ? { face: 'mono', code: true, size: base.size * 0.9 } : {}),
              ...(marks.has('italic') ? { italic: true } : {}),
              ...(marks.has('strikethrough') ? { strike: true } : {}),
            },
          });
        }
      } else if (node.type === 'link') {
        const link = this.target(node.data.ref);
        const inner = await this.spans(node.nodes.filter((n) => n.object === 'text') as InlineContent[], link ? { ...base, color: LINK, link } : base);
        out.push(...inner);
      } else if (node.type === 'inline-math') out.push({ text: node.data.formula, style: { ...base, face: 'mono', size: base.size * 0.9 } });
      else if (node.type === 'button') {
        const link = this.target(node.data.ref);
        out.push({ text: `[${node.data.label}]`, style: { ...base, face: 'bold', ...(link ? { color: LINK, link } : {}) } });
      } else if (node.type === 'inline-image' && node.data.alt) out.push({ text: node.data.alt, style: { ...base, color: MUTED } });
    }
    return out;
  }

  /** Where a link leads: a page of this PDF (a jump), else a URL when it has one; undefined: text only. */
  private target(ref: Ref): LinkTarget | undefined {
    const found = ref.kind === 'file' ? { file: ref.file } : this.source.resolve(ref.url, this.page.id);
    if (!found) return undefined;
    if ('url' in found) return /^(https?:|mailto:)/i.test(found.url) ? { url: found.url } : undefined;
    if ('page' in found && this.included.has(found.page)) return { page: found.page, ...(found.anchor ? { anchor: found.anchor } : {}) };
    const url = this.source.url?.(found);
    return url ? { url } : undefined;
  }

  private titleOf(ref: Ref): string {
    const found = ref.kind === 'url' ? this.source.resolve(ref.url, this.page.id) : undefined;
    return (found && 'page' in found && this.source.pageTitle?.(found.page)) || refText(ref);
  }

  private async text(spans: Span[], frame: Frame, options: { gapAfter: number; align?: 'left' | 'center' }): Promise<void> {
    if (!spans.some((s) => s.text.trim())) return;
    const lines = breakLines(await atomsOf(spans, this.w.fonts), frame.width);
    const size = Math.max(...spans.map((s) => s.style.size));
    this.w.drawLines(lines, { x: frame.x, width: frame.width, lineHeight: size * LEADING, rtl: paragraphIsRtl(spans.map((s) => s.text).join('')), align: options.align, bands: frame.bands });
    this.gap(options.gapAfter, frame);
  }

  /** Blank space below a block, with the frame's bands beside it. */
  private gap(points: number, frame: Frame): void {
    if (this.w.room < points) return this.w.down(points);
    for (const band of frame.bands) this.w.band(band, points);
    this.w.down(points);
  }

  /** Blocks inside a band (a hint, a quote, a tab): indented, the band beside each of their lines. */
  private async nested(nodes: Block[], frame: Frame, band: Band): Promise<void> {
    const inner: Frame = { x: frame.x + 10, width: frame.width - 10, bands: [...frame.bands, { ...band, width: band.width || 2.5, color: band.width ? band.color : band.bar ?? band.color }], depth: frame.depth };
    this.gap(4, inner);
    for (const node of nodes) await this.block(node, { ...inner, x: inner.x + 4, width: inner.width - 8 });
    this.w.down(6);
  }

  private async item(marker: string, nodes: Block[], frame: Frame): Promise<void> {
    const inner: Frame = { ...frame, x: frame.x + 18, width: frame.width - 18 };
    const [first, ...rest] = nodes;
    const markerSpans = [{ text: marker, style: style({ color: MUTED }) }];
    if (first?.type === 'paragraph') {
      // The marker on the paragraph's first line: drawn first, where that line will be.
      this.w.ensure(BODY * LEADING);
      const top = this.w.y;
      const [markerLine] = breakLines(await atomsOf(markerSpans, this.w.fonts), 18);
      this.w.drawLines([markerLine], { x: frame.x, width: 16, lineHeight: BODY * LEADING });
      this.w.y = top;
      await this.paragraph(first.nodes, inner);
      this.w.down(-4);
    } else if (first) {
      await this.text(markerSpans, frame, { gapAfter: 0 });
      await this.block(first, inner);
    }
    for (const node of rest) await this.block(node, inner);
  }

  private async code(lines: string[], title: string | undefined, frame: Frame): Promise<void> {
    const band: Band = { x: frame.x, width: frame.width, color: [0.96, 0.965, 0.97] };
    const bands = [...frame.bands, band];
    if (title) await this.text([{ text: title, style: style({ face: 'bold', size: 9, color: MUTED }) }], frame, { gapAfter: 0 });
    this.gap(5, { ...frame, bands });
    const codeStyle = style({ face: 'mono', size: 8.5 });
    for (const line of lines) {
      const broken = breakLines(await atomsOf([{ text: line || ' ', style: codeStyle }], this.w.fonts), frame.width - 16);
      this.w.drawLines(broken.length ? broken : [{ atoms: [], width: 0 }], { x: frame.x + 8, width: frame.width - 16, lineHeight: 8.5 * 1.5, bands });
    }
    this.gap(5, { ...frame, bands });
    this.gap(7, frame);
  }

  private async image(ref: Ref, alt: string | undefined, caption: string | undefined, frame: Frame): Promise<void> {
    const found = ref.kind === 'file' ? { file: ref.file } : this.source.resolve(ref.url, this.page.id);
    const bytes = found && 'file' in found ? await this.source.fileBytes(found.file) : undefined;
    const image = bytes ? await embedImage(this.w.pdf, bytes) : undefined;
    if (!image) {
      // Not a file of the content (a URL), or not a format PDF holds: its text and where it is.
      const url = ref.kind === 'url' && /^https?:/i.test(ref.url) ? ref.url : undefined;
      const label = `[${alt || caption || 'image'}]`;
      return this.text([{ text: label, style: style({ color: url ? LINK : MUTED, italic: true, ...(url ? { link: { url } } : {}) }) }], frame, { gapAfter: 6 });
    }
    const room = frame.width;
    // At most its own size (at 96 pixels an inch), the width of the text and 60% of a sheet's height.
    const scale = Math.min(0.75, room / image.width, (this.w.height * 0.6) / image.height);
    const width = image.width * scale;
    const height = image.height * scale;
    this.w.ensure(height + 6);
    this.w.current.drawImage(image, { x: frame.x, y: this.w.y - height, width, height });
    this.w.down(height + 4);
    if (caption) await this.text([{ text: caption, style: style({ size: 9, color: MUTED, italic: true }) }], frame, { gapAfter: 6 });
    else this.w.down(6);
  }

  /** A table as a grid: a header row, then each record; a cards view shows its cards as rows. */
  private async table(node: Table, frame: Frame): Promise<void> {
    const { view, definition, records } = node.data;
    const columns = view.columns.map((id) => definition[id]).filter((c) => c && c.type !== 'files');
    if (!columns.length) return;
    const fragments = new Map(node.fragments.map((f) => [f.fragment, f]));
    const rows = Object.values(records).sort((a, b) => a.orderIndex.localeCompare(b.orderIndex));
    const width = frame.width / columns.length;
    const pad = 4;
    const cellSpans = async (value: string | Ref | undefined, base: Style): Promise<Span[]> => {
      if (value === undefined) return [];
      if (typeof value !== 'string') {
        const link = this.target(value);
        return [{ text: this.titleOf(value), style: link ? { ...base, color: LINK, link } : base }];
      }
      const fragment = fragments.get(value);
      const spans: Span[] = [];
      for (const block of fragment?.nodes ?? []) {
        if (spans.length) spans.push({ text: '\n', style: base });
        spans.push(...(await this.spans('nodes' in block && Array.isArray(block.nodes) ? block.nodes as InlineContent[] : [], base)));
      }
      return spans;
    };
    const drawRow = async (cells: Span[][], header: boolean) => {
      const broken = [];
      for (const spans of cells) broken.push(breakLines(await atomsOf(spans, this.w.fonts), width - 2 * pad));
      const lineHeight = 9.5 * LEADING;
      const height = Math.max(1, ...broken.map((l) => l.length)) * lineHeight + 2 * pad;
      this.w.ensure(Math.min(height, this.w.height / 2));
      const top = this.w.y;
      if (header) this.w.current.drawRectangle({ x: frame.x, y: top - height, width: frame.width, height, color: rgb(0.96, 0.965, 0.97) });
      broken.forEach((lines, i) => {
        this.w.y = top - pad;
        this.w.drawLines(lines, { x: frame.x + i * width + pad, width: width - 2 * pad, lineHeight });
      });
      this.w.y = Math.min(this.w.y, top - height);
      this.w.rule(frame.x, frame.width);
    };
    if (view.type !== 'grid' || !view.hideHeader) await drawRow(columns.map((c) => [{ text: c.title, style: style({ face: 'bold', size: 9.5 }) }]), true);
    for (const row of rows) {
      const cells: Span[][] = [];
      for (const column of columns) cells.push(await cellSpans(row.values[column.id], style({ size: 9.5 })));
      await drawRow(cells, false);
    }
    this.w.down(8);
  }
}

function plainText(nodes: InlineContent[]): string {
  return nodes.map((n) => (n.object === 'text' ? n.leaves.map((l) => l.text).join('') : n.type === 'link' ? plainText(n.nodes as InlineContent[]) : '')).join('');
}

function fragmentText(fragment: Fragment): string {
  return fragment.nodes.map(blockText).join(' ');
}

function blockText(node: Block): string {
  if ('nodes' in node && Array.isArray(node.nodes)) {
    return (node.nodes as (Block | InlineContent)[]).map((n) => (n.object === 'block' ? blockText(n) : plainText([n]))).join(' ').trim();
  }
  return '';
}

function captionOf(fragments: Fragment[]): string | undefined {
  const caption = fragments.find((f) => f.type === 'caption');
  return caption ? fragmentText(caption) || undefined : undefined;
}

function refText(ref: Ref): string {
  return ref.kind === 'url' ? ref.url : ref.file;
}
