import { describe, expect, it } from 'vitest';
import { tagsOf } from '../../src/engine/sites/api-reference';
import { tagMarkdownOfSpec } from '../../src/engine/content/computed-page';

// Issue 58, item 3: each tag the reference makes a page for shows exactly the operations listed under it.
describe('API reference tags', () => {
  const spec = JSON.stringify({
    openapi: '3.0.0', info: { title: 'T', version: '1' },
    tags: [{ name: 'stores' }, { name: 'pets', description: 'All about **pets**.' }],
    paths: {
      '/pets': { get: { tags: ['pets'] }, post: { tags: ['', 'pets'] } },
      '/stores': { get: { tags: ['stores'] } },
      '/health': { get: { tags: [''] }, head: {} },
    },
  });

  it('lists the spec\'s tags in its order, then the untagged ones under Other; a blank tag is no tag', () => {
    expect(tagsOf(spec)).toEqual(['stores', 'pets', 'Other']);
  });

  it('gives each tag\'s page the operations under it, the tag\'s description first', () => {
    const block = (path: string, method: string) => `{% openapi-operation spec="shop" path="${path}" method="${method}" %}\n{% endopenapi-operation %}`;
    expect(tagMarkdownOfSpec(spec, 'shop', 'pets')).toBe(`All about **pets**.\n\n${block('/pets', 'get')}\n\n${block('/pets', 'post')}\n`);
    expect(tagMarkdownOfSpec(spec, 'shop', 'Other')).toBe(`${block('/health', 'get')}\n\n${block('/health', 'head')}\n`);
    expect(tagMarkdownOfSpec(spec, 'shop', 'gone')).toBe('> The latest version of the OpenAPI specification "shop" has no operation tagged "gone".\n');
  });
});
