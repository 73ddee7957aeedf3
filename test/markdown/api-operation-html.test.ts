import { describe, expect, it } from 'vitest';
import { operationHtml, operationNotice, schemaPageHtml } from '../../src/markdown/html/api-operation';
import type { OperationView } from '../../src/openapi-document/operation';
import { renderMarkdown } from '../../src/markdown/html/render';

const markdown = (text: string) => `<p>${text}</p>`;

// Issue 58: an operation as the page shows it, every part escaped.
describe('an API operation as HTML (markdown/html/api-operation.ts)', () => {
  it('writes every part: deprecation, description, parameters by location, body, responses, schemas of every kind, curl and servers', () => {
    const view: OperationView = {
      method: 'put', path: '/items/{id}', summary: 'Put <it>', description: 'Replaces it.', deprecated: true, servers: ['https://api.test'],
      parameters: [
        { name: 'id', in: 'path', required: true, description: 'The id', schema: { type: 'string', format: 'uuid' } },
        { name: 'c', in: 'cookie', required: false },
      ],
      requestBody: { description: 'The item', required: true, content: [{ mediaType: 'application/json', example: '{"a": 1}', schema: {
        name: 'Item', type: 'object', description: 'An item', properties: [
          { name: 'self', required: false, schema: { name: 'Item', recursive: true } },
          { name: 'deep', required: false, schema: { name: 'Deep', truncated: true } },
          { name: 'list', required: true, schema: { type: 'array', items: { name: 'Tag', type: 'object', properties: [{ name: 't', required: false, schema: { type: 'string' } }] } } },
          { name: 'kind', required: false, schema: { variants: { kind: 'anyOf', schemas: [{ type: 'string', enum: ['"a"'] }, {}] } } },
          { name: 'anything', required: false, schema: {} },
        ],
      } }] },
      responses: [{ status: '204', content: [] }, { status: '200', description: 'Done\nmore', content: [{ mediaType: 'text/plain' }] }],
    };
    const html = operationHtml(view, { markdown });
    expect(html).toContain('<code class="method method-put">PUT</code> <code>/items/{id}</code> <span class="api-deprecated">deprecated</span>');
    expect(html).toContain('<p class="api-operation-summary">Put &lt;it&gt;</p><div class="api-operation-description"><p>Replaces it.</p></div>');
    expect(html).toContain('<h4>Path parameters</h4><ul class="schema-properties"><li><code class="schema-name">id</code> <span class="schema-type">string (uuid)</span> <span class="schema-required">required</span><div class="schema-description"><p>The id</p></div></li></ul>');
    expect(html).toContain('<h4>Cookies</h4>');
    expect(html).toContain('<h4>Request body <span class="schema-required">required</span></h4><div class="schema-description"><p>The item</p></div>');
    expect(html).toContain('<span class="schema-type">Item</span><p class="schema-note">Item again (it holds itself).</p>');
    expect(html).toContain('<p class="schema-note">Deep: not shown at this depth.</p>');
    expect(html).toContain('<span class="schema-type">array of Tag</span> <span class="schema-required">required</span><ul class="schema-properties"><li><code class="schema-name">t</code>');
    expect(html).toContain('<div class="schema-variants"><p>Any of:</p><ol><li><span class="schema-type">string</span><p class="schema-enum">One of: <code>&quot;a&quot;</code></p></li><li><span class="schema-type">object</span></li></ol></div>');
    expect(html).toContain('<summary><code>204</code></summary></details><details class="api-response"><summary><code>200</code>: Done</summary>');
    expect(html).toContain('<p class="api-servers">Servers: <code>https://api.test</code></p>');
    expect(operationNotice('Gone <x>', '<h3>GET</h3>')).toBe('<section class="api-operation"><h3>GET</h3><p class="api-operation-notice" role="note">Gone &lt;x&gt;</p></section>\n');
  });

  it('links a schema it does not open to its own page where the reader gives one, and says so where it cannot', () => {
    const view: OperationView = {
      method: 'get', path: '/x', deprecated: false, servers: [], parameters: [],
      responses: [{ status: '200', content: [{ mediaType: 'application/json', schema: { name: 'Node', type: 'object', properties: [
        { name: 'next', required: false, schema: { name: 'Node', recursive: true, at: '#/components/schemas/Node' } },
        { name: 'deep', required: false, schema: { name: 'Deep', truncated: true, at: '#/components/schemas/Deep' } },
        { name: 'inline', required: false, schema: { truncated: true, at: '#/paths/~1x/get/responses/200/content/application~1json/schema/properties/inline' } },
        { name: 'list', required: false, schema: { type: 'array', items: { name: 'Leaf', truncated: true, at: '#/components/schemas/Leaf' } } },
        { name: 'made', required: false, schema: { name: 'Made', truncated: true } },
      ] } }] }],
    };
    const asked: string[] = [];
    const html = operationHtml(view, { markdown, schema: (pointer) => (asked.push(pointer), `/s?p=${pointer}&"`) });
    expect(html).toContain('<p class="schema-note"><a href="/s?p=#/components/schemas/Node&amp;&quot;">Node</a> again (it holds itself).</p>');
    expect(html).toContain('<p class="schema-note">More on its own page: <a href="/s?p=#/components/schemas/Deep&amp;&quot;">Deep</a>.</p>');
    expect(html).toContain('>the rest of this schema</a>.</p>');
    // An array's items not opened say so too (they said nothing before).
    expect(html).toContain('<span class="schema-type">array of Leaf</span><p class="schema-note">More on its own page: <a href="/s?p=#/components/schemas/Leaf&amp;&quot;">Leaf</a>.</p>');
    // A schema made up by the page (a Swagger 2 parameter's fields) has no place: its name and why.
    expect(html).toContain('<p class="schema-note">Made: not shown at this depth.</p>');
    expect(asked).toEqual(['#/components/schemas/Node', '#/components/schemas/Deep', '#/paths/~1x/get/responses/200/content/application~1json/schema/properties/inline', '#/components/schemas/Leaf']);
    // Without a reader's addresses (a PDF, a test): names, no links.
    expect(operationHtml(view, { markdown })).not.toContain('<a ');
  });

  it('writes a schema\'s own page: what it is of and where, its type, the schema and an example', () => {
    const html = schemaPageHtml({ name: 'Pet', schema: { name: 'Pet', type: 'object', properties: [{ name: 'id', required: true, schema: { type: 'integer' } }] }, example: '{"id": 0}' }, 'the API specification "shop"', 'components/schemas/Pet', { markdown });
    expect(html).toContain('<p class="api-schema-place">A schema of the API specification &quot;shop&quot;, at <code>components/schemas/Pet</code>.</p>');
    expect(html).toContain('<span class="schema-type">Pet</span>');
    expect(html).toContain('<code class="schema-name">id</code> <span class="schema-type">integer</span> <span class="schema-required">required</span>');
    expect(html).toContain('<summary>Example</summary><pre tabindex="0"><code>{&quot;id&quot;: 0}</code></pre>');
  });

  it('shows a hand-written swagger block\'s parts, its other content in place, and parameters without a type', () => {
    const { html } = renderMarkdown('{% swagger method="get" path="/x" %}\nBefore.\n\n{% swagger-parameter in="query" name="q" %}\n{% endswagger-parameter %}\n\n{% swagger-response status="500" %}\nOops.\n{% endswagger-response %}\n\n{% swagger-description %}\n{% endswagger-description %}\n{% endswagger %}\n', { href: (t) => t, src: (t) => t });
    expect(html).toContain('<p>Before.</p>');
    expect(html).toContain('<h4>Query parameters</h4><ul class="schema-properties"><li><code class="schema-name">q</code></li></ul>');
    expect(html).toContain('<summary><code>500</code></summary><p>Oops.</p>');
  });
});

describe('operation blocks through the renderer', () => {
  it('asks the resolver for the operation, also of a block without its closing tag, and writes its notice', () => {
    const asked: unknown[] = [];
    const links = {
      href: (t: string) => t, src: (t: string) => t,
      operation: (block: { spec?: string; src?: string; path: string; method: string }) => {
        asked.push(block);
        return block.path === '/gone' ? { notice: 'No such path.' } : { method: block.method, path: block.path, deprecated: false, parameters: [], responses: [], servers: [] };
      },
    };
    const { html } = renderMarkdown('{% openapi-operation spec="s" path="/a" method="get" %}\n\n{% openapi-operation spec="s" path="/gone" method="get" %}\n{% endopenapi-operation %}\n\n{% swagger src="x.yaml" path="/b" method="post" %}\n{% endswagger %}\n', links);
    expect(asked).toEqual([{ spec: 's', path: '/a', method: 'get' }, { spec: 's', path: '/gone', method: 'get' }, { src: 'x.yaml', path: '/b', method: 'post' }]);
    expect(html).toContain('<code class="method method-get">GET</code> <code>/a</code></h3><h4>Example request</h4>');
    expect(html).toContain('<p class="api-operation-notice" role="note">No such path.</p>');
    expect(html).toContain('<code class="method method-post">POST</code> <code>/b</code></h3><h4>Example request</h4>');
  });
});
