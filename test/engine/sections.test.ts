import { describe, expect, it } from 'vitest';
import { sectionsOf } from '../../src/engine/content/search-sections';

describe('sectionsOf', () => {
  it('splits a page at every heading and keeps the text before the first one', () => {
    const sections = sectionsOf('Intro **text** with [a link](x.md).\n\n## Install it\n\nRun `npm i`.\n\n- one\n- two\n\n### Deep one\n\n| a | b |\n|---|---|\n| c | d |\n', 'Guide');
    expect(sections).toEqual([
      { anchor: '', title: 'Guide', body: 'Intro text with a link.' },
      { anchor: 'install-it', title: 'Install it', body: 'Run npm i.\none\ntwo' },
      { anchor: 'deep-one', title: 'Deep one', body: 'a b\nc d' },
    ]);
  });

  it('leaves out frontmatter and keeps code', () => {
    const sections = sectionsOf('---\ntitle: T\n---\n# Top\n\n```sh\nnpm test\n```\n', 'T');
    expect(sections).toEqual([{ anchor: 'top', title: 'Top', body: 'npm test' }]);
  });

  it('takes a leading level-1 heading that repeats the page title as the title, not a section', () => {
    expect(sectionsOf('# Guide\n\nIntro.\n\n# Other\n\nMore.', 'Guide')).toEqual([
      { anchor: '', title: 'Guide', body: 'Intro.' },
      { anchor: 'other', title: 'Other', body: 'More.' },
    ]);
    expect(sectionsOf('# Not the title\n\nText.', 'Guide')).toEqual([{ anchor: 'not-the-title', title: 'Not the title', body: 'Text.' }]);
  });

  it('gives an empty page one section, its title', () => {
    expect(sectionsOf('', 'Empty')).toEqual([{ anchor: '', title: 'Empty', body: '' }]);
  });

  it('gives sections the anchors links use: repeated headings numbered, the title heading counted', () => {
    const anchors = sectionsOf('# Setup\n\nIntro.\n\n## Setup\n\na\n\n## What? Why!\n\nb\n\n## Setup\n\nc', 'Setup').map((s) => s.anchor);
    expect(anchors).toEqual(['', 'setup-1', 'what-why', 'setup-2']);
  });

  it('indexes the text of GitBook blocks (tab titles too), never their {% %} tags', () => {
    const markdown = [
      'Intro.', '{% hint style="warning" %}', 'Mind **this**.', '{% endhint %}', '',
      '{% tabs %}', '{% tab title="npm" %}', '```sh', 'npm i', '```', '{% endtab %}', '{% tab title="Yarn" %}', '{% hint %}', 'Nested.', '{% endhint %}', '{% endtab %}', '{% endtabs %}', '',
      '## Next', '', '{% content-ref url="setup.md" %}', '[Setup guide](setup.md)', '{% endcontent-ref %}', '',
      '{% page-ref page="legacy.md" %}', '{% embed url="https://video.example" %}', '{% file src="a.pdf" %}', 'The PDF', '{% endfile %}',
      '{% swagger method="get" %}', 'API', '{% endswagger %}', '{% hint style="danger" %}', 'Unclosed.',
    ].join('\n');
    const sections = sectionsOf(markdown, 'Guide');
    expect(sections).toEqual([
      { anchor: '', title: 'Guide', body: 'Intro.\nMind this.\nnpm\nnpm i\nYarn\nNested.' },
      { anchor: 'next', title: 'Next', body: 'Setup guide\nThe PDF\nAPI\nUnclosed.' },
    ]);
  });

  it('gives a heading with an <a id> anchor (as GitBook writes them) that anchor, and its text as the title', () => {
    expect(sectionsOf('## Install it <a href="#install" id="install"></a>\n\nRun.\n\n## Install it\n\nAgain.', 'Guide')).toEqual([
      { anchor: 'install', title: 'Install it', body: 'Run.' },
      { anchor: 'install-it-1', title: 'Install it', body: 'Again.' },
    ]);
  });
});
