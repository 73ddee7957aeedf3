import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

interface Report { upward: string[]; unplaced: string[]; cycles: string[] }
const load = async () => (await import('../scripts/check-layers.js' as string)) as { checkLayers: (src: string) => Report };

/** A src/ folder holding these files. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'docsctl-layers-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), text);
  }
  return root;
}

describe('layers (docs/architecture.md)', () => {
  it('src/ has no upward import, no cycle between modules, and every file in a layer', async () => {
    const { checkLayers } = await load();
    expect(checkLayers(fileURLToPath(new URL('../src', import.meta.url)))).toEqual({ upward: [], unplaced: [], cycles: [] });
  });

  it('finds an upward import (types too), a file in no layer, a cycle of files through any import (types too), and a cycle of modules through run-time imports', async () => {
    const { checkLayers } = await load();
    const report = checkLayers(tree({
      'api/client.ts': "import type { Engine } from '../engine/index';\n",
      'engine/index.ts': "export type Engine = {};\n",
      'stray.ts': 'export {};\n',
      'engine/content/a.ts': "import { b } from '../openapi/b';\nexport const a = 1;\n",
      'engine/openapi/b.ts': "import { a } from '../content/a';\nexport const b = 2;\n",
      'engine/sites/c.ts': "import type { d } from '../comments/d';\nexport const c = 1;\n",
      'engine/comments/d.ts': "import { c } from '../sites/c';\nexport const d = 2;\n",
    }));
    expect(report).toEqual({
      upward: ['api/client.ts (api) imports engine/index.ts (engine)'],
      unplaced: ['stray.ts'],
      cycles: ['engine/comments/d.ts <-> engine/sites/c.ts', 'engine/content/a.ts <-> engine/openapi/b.ts', 'engine/content <-> engine/openapi'],
    });
  });
});
