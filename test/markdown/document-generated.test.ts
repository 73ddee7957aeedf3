/**
 * document → markdown → document on documents the converter makes from generated markdown: texts
 * full of markdown's punctuation, in every block docsctl writes (seeded, so a failure repeats).
 */
import { describe, expect, it } from 'vitest';
import { markdownToDocument } from '../../src/markdown/document/from-markdown';
import { documentToMarkdown } from '../../src/markdown/document/to-markdown';
import { checkDocument } from '../../src/markdown/document/check';

function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
}

const WORDS = ['word', 'snake_case', '*', '**', '_', '__', '`', '``', '[', ']', '(', ')', '\\', '~', '~~', '#', '>', '-', '+', '=', '|', '<b>', '&amp;', '!', '1.', '2)', '{%', '%}', '"', "'", 'a*b', 'x_y_', '<', 'http://x.test'];

function generated(next: () => number): string {
  const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)];
  const text = (n = 1 + Math.floor(next() * 6)) => Array.from({ length: n }, () => pick(WORDS)).join(pick([' ', ' ', '', ' ']));
  const inline = () => pick([text(), `**${text()}**`, `*${text()}*`, `\`${text()}\``, `[${text()}](u.md)`, `~~${text()}~~`, `![${text(1)}](i.png)`]);
  const line = () => Array.from({ length: 1 + Math.floor(next() * 3) }, inline).join(' ');
  const block = (): string =>
    pick([
      () => line(),
      () => `${'#'.repeat(1 + Math.floor(next() * 3))} ${line()}`,
      () => `* ${line()}\n* ${line()}\n  * ${line()}`,
      () => `1. ${line()}\n2. ${line()}`,
      () => `* [ ] ${line()}\n* [x] ${line()}`,
      () => `> ${line()}`,
      () => `\`\`\`js\n${text()}\n${text()}\n\`\`\``,
      () => `| ${text(1)} | ${text(1)} |\n| --- | --- |\n| ${line()} | ${line()} |`,
      () => `{% hint style="info" %}\n${line()}\n{% endhint %}`,
      () => `<details>\n\n<summary>${text(2).replace(/[<>]/g, '')}</summary>\n\n${line()}\n\n</details>`,
      () => `{% tabs %}\n{% tab title="${text(1).replace(/["']/g, '')}" %}\n${line()}\n{% endtab %}\n{% endtabs %}`,
    ])();
  return Array.from({ length: 1 + Math.floor(next() * 4) }, block).join('\n\n');
}

describe('generated documents', () => {
  it('come back from their markdown as the same document', () => {
    const next = random(20261124);
    for (let i = 0; i < 1000; i++) {
      const source = generated(next);
      const document = markdownToDocument(source);
      const written = documentToMarkdown(document);
      const back = markdownToDocument(written);
      expect({ source, written, document: back }).toEqual({ source, written, document });
      expect(checkDocument(document)).toEqual([]);
    }
  });
});
