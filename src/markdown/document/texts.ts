/** Texts of the document tree as the readers (from-markdown.ts, cards.ts) make them: leaves of marks in one order. */
import type { InlineContent, Mark, MarkType, Text } from './types';

/** Marks in the one order the tree keeps them (markdown and HTML nest them either way): the outermost first. */
export const MARK_ORDER: MarkType[] = ['bold', 'italic', 'strikethrough', 'code'];

const mark = (type: MarkType): Mark => ({ object: 'mark', type });
export const textNode = (text: string, marks: Mark[] = []): Text => ({ object: 'text', leaves: [{ object: 'leaf', text, marks }] });

const sameMarks = (a: Mark[], b: Mark[]) => a.length === b.length && a.every((m, i) => m.type === b[i].type);

/** Adds text to the last text node (one leaf per run of the same marks), or starts one. */
export function pushText(out: InlineContent[], text: string, markTypes: MarkType[]): void {
  if (!text) return;
  const marks = MARK_ORDER.filter((m) => markTypes.includes(m)).map(mark);
  const last = out.at(-1);
  if (last?.object !== 'text') {
    out.push(textNode(text, marks));
    return;
  }
  const leaf = last.leaves.at(-1)!;
  if (sameMarks(leaf.marks, marks)) leaf.text += text;
  else last.leaves.push({ object: 'leaf', text, marks });
}
