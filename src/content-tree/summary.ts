/**
 * SUMMARY.md, Git Sync's table of contents: list nesting is the page hierarchy, `## Heading`s are
 * top-level groups, order is order, links to other sites are link pages. docsctl adds one form the
 * platform has no need for: a list item without a link is a group (a group below the top level, or
 * one that a `##` heading cannot express).
 */

import { decodeTarget, isUrl, linkDestination } from './link-target';

export interface SummaryEntry {
  kind: 'page' | 'link' | 'group';
  title: string;
  /** The page's file (kind page), relative to the folder, decoded, without a leading `./`. */
  file?: string;
  /** The URL of a link page. */
  href?: string;
  /** 1-based line in SUMMARY.md, for messages. */
  line: number;
  children: SummaryEntry[];
}

export interface Summary {
  /** The `# Title` line's text (`Table of contents` in what the platform writes). */
  title?: string;
  entries: SummaryEntry[];
}

const ITEM = /^([ \t]*)[*+-][ \t]+(.*)$/;
// A thematic break (`***`, `---`, `___`, `* * *`): it ends the current `##` group.
const BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
// `[text](target)` or `[text](<target>)`, an optional "title" after the target ignored, tried at each `[`
// that no backslash escapes (`linkIn`). Link text holds no unescaped `[` and a target no `(` or `<`, so
// the tries read disjoint stretches of a line: no input makes them more than linear (a zip import reads
// SUMMARY.md in `serve`).
const LINK = /\[((?:\\.|[^[\]\\])*)\]\([ \t]*(?:<([^<>\n]*)>|([^\s()<>]+))(?:[ \t]+(?:"[^"]*"|'[^']*'))?[ \t]*\)/y;

/** The first link of an item's text, wherever it stands in it. */
function linkIn(content: string): RegExpExecArray | undefined {
  for (let at = content.indexOf('['); at !== -1; at = content.indexOf('[', at + 1)) {
    if (content[at - 1] === '\\') continue;
    LINK.lastIndex = at;
    const link = LINK.exec(content);
    if (link) return link;
  }
  return undefined;
}

/** A heading's text without its closing `#`s and trailing blanks, in one pass from the end (a regex would backtrack). */
function trimClosingHashes(text: string): string {
  let end = text.length;
  while (end > 0 && ' \t#'.includes(text[end - 1])) end--;
  return text.slice(0, end);
}

const unescape = (text: string) => text.replace(/\\(.)/g, '$1');
/**
 * A title without its inline HTML: the platform writes an anchor into group headings
 * (`## Installation <a href="#setup" id="setup"></a>`), which is no part of the title.
 */
const withoutHtml = (text: string) => text.replace(/<\/?[a-z][^<>\n]*>/gi, '').replace(/[ \t]+/g, ' ').trim();
const widthOf = (indent: string) => indent.replace(/\t/g, '    ').length;

/** A SUMMARY.md's entries. Lines that are neither headings nor list items (blank lines, prose) are ignored. */
export function parseSummary(text: string): Summary {
  const summary: Summary = { entries: [] };
  // The open list items, innermost last, with their indentation.
  let stack: { width: number; entry: SummaryEntry }[] = [];
  let group: SummaryEntry | undefined;
  let fence = false;
  text.split(/\r?\n/).forEach((raw, i) => {
    if (/^ {0,3}(```|~~~)/.test(raw)) fence = !fence;
    if (fence) return;
    const heading = /^ {0,3}(#{1,6})[ \t]+(.*)$/.exec(raw);
    if (heading) {
      stack = [];
      const title = withoutHtml(trimClosingHashes(heading[2]));
      if (heading[1].length === 1 && summary.title === undefined && !summary.entries.length) summary.title = title;
      else {
        group = { kind: 'group', title, line: i + 1, children: [] };
        summary.entries.push(group);
      }
      return;
    }
    if (BREAK.test(raw)) {
      // What follows is at the top level again (the platform's editor writes `***` after a group).
      stack = [];
      group = undefined;
      return;
    }
    const item = ITEM.exec(raw);
    if (!item) return;
    const entry = entryOf(item[2].trim(), i + 1);
    const width = widthOf(item[1]);
    while (stack.length && stack[stack.length - 1].width >= width) stack.pop();
    const siblings = stack.length ? stack[stack.length - 1].entry.children : group ? group.children : summary.entries;
    siblings.push(entry);
    stack.push({ width, entry });
  });
  return summary;
}

/**
 * An item's entry: a group without a link; else a page or a link page titled by the item's whole text,
 * the link's own text in place of the link (`* 📂 [Projects](projects/README.md)` is `📂 Projects`).
 */
function entryOf(content: string, line: number): SummaryEntry {
  const link = linkIn(content);
  if (!link) return { kind: 'group', title: withoutHtml(unescape(content)), line, children: [] };
  const around = (text: string) => withoutHtml(unescape(text));
  const title = [around(content.slice(0, link.index)), unescape(link[1]).trim(), around(content.slice(link.index + link[0].length))].filter(Boolean).join(' ');
  const target = link[2] ?? link[3];
  if (isUrl(target)) return { kind: 'link', title, href: target, line, children: [] };
  const file = decodeTarget(target.replace(/#.*$/, '')).replace(/^(\.\/)+/, '');
  return { kind: 'page', title, file, line, children: [] };
}

const escapeTitle = (title: string) => title.replace(/([\\[\]])/g, '\\$1').replace(/\s*\n\s*/g, ' ');

/**
 * SUMMARY.md as the platform writes it: `# Table of contents`, pages as `* [Title](file)` indented two
 * spaces a level, top-level groups as `## Title` sections. When a top-level page follows a group (a
 * `##` section would swallow it), every top-level group is written as a list item without a link.
 */
export function renderSummary(summary: Summary): string {
  const lines = [`# ${summary.title ?? 'Table of contents'}`, ''];
  const item = (entry: SummaryEntry, depth: number) => {
    const indent = '  '.repeat(depth);
    if (entry.kind === 'group') lines.push(`${indent}* ${escapeTitle(entry.title)}`);
    else lines.push(`${indent}* [${escapeTitle(entry.title)}](${linkDestination(entry.kind === 'link' ? entry.href! : entry.file!)})`);
    for (const child of entry.children) item(child, depth + 1);
  };
  const firstGroup = summary.entries.findIndex((e) => e.kind === 'group');
  const sections = firstGroup !== -1 && summary.entries.slice(firstGroup).every((e) => e.kind === 'group');
  const lead = sections ? summary.entries.slice(0, firstGroup) : summary.entries;
  for (const entry of lead) item(entry, 0);
  if (lead.length) lines.push('');
  if (sections) {
    for (const group of summary.entries.slice(firstGroup)) {
      lines.push(`## ${group.title.replace(/\s*\n\s*/g, ' ')}`, '');
      for (const entry of group.children) item(entry, 0);
      if (group.children.length) lines.push('');
    }
  }
  while (lines[lines.length - 1] === '') lines.pop();
  return `${lines.join('\n')}\n`;
}

/** Whether two summaries describe the same tree (titles, files, links, nesting), whatever their layout. */
export function sameSummary(a: Summary, b: Summary): boolean {
  const key = (entries: SummaryEntry[]): unknown => entries.map((e) => [e.kind, e.title, e.file ?? e.href ?? '', key(e.children)]);
  return JSON.stringify(key(a.entries)) === JSON.stringify(key(b.entries));
}
