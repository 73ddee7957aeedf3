import { describe, expect, it } from 'vitest';
import { includedMarkdown, MAX_INCLUDE_DEPTH } from '../../src/markdown/gitbook-blocks';

const include = (id: string) => `{% include "/reusable-contents/${id}" %}`;

describe('the reusable contents a text includes (markdown/gitbook-blocks.ts)', () => {
  it('reads each once, as deep as content shows them, through either quote, and not inside a line', () => {
    const contents: Record<string, string> = {
      a: `A.\n\n${include('b')}`, b: `B.\n\n${include('a')}\n${include('c')}`, c: "C.\n\n{%- include '/reusable-contents/d' -%}", d: `D.\n\n${include('e')}`, e: 'E.',
    };
    expect(includedMarkdown(`Page.\n\n${include('a')}\n\nsee ${include('e')} inline`, (id) => contents[id])).toEqual([contents.a, contents.b, contents.c, contents.d]);
    expect(MAX_INCLUDE_DEPTH).toBe(4);
    // A missing one is left out; a text with none reads nothing.
    expect(includedMarkdown(include('gone'), () => undefined)).toEqual([]);
    expect(includedMarkdown('No includes.', () => 'x')).toEqual([]);
  });
});
