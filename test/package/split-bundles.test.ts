import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';

type Plan = { owner: Map<string, string>; bundles: string[]; exported(name: string): string[] };
const { planBundles, entrySource } = (await import('../../scripts/split-bundles.js' as string)) as {
  planBundles(inputs: Record<string, unknown>, entry?: string): Plan;
  entrySource(name: string, exported: string[], entry: string): string;
};

const { linkBundles } = createRequire(import.meta.url)('../../bin/run-bundle.cjs') as {
  linkBundles(run: (name: string) => void): void;
};

type Kind = 'import-statement' | 'dynamic-import' | 'require-call';
/** A metafile's `inputs`: each file with what it imports (`file` static, `~file` dynamic). */
function inputs(graph: Record<string, string[]>) {
  const files = new Set([...Object.keys(graph), ...Object.values(graph).flat().map((f) => f.replace(/^~/, ''))]);
  return Object.fromEntries([...files].map((file) => [file, {
    imports: (graph[file] ?? []).map((f) => ({ path: f.replace(/^~/, ''), kind: (f.startsWith('~') ? 'dynamic-import' : 'import-statement') as Kind })),
  }]));
}

const program = {
  'src/cli.ts': ['~src/main.ts'],
  'src/main.ts': ['src/commands/index.ts', 'src/context.ts', 'node_modules/commander/index.js'],
  'src/context.ts': ['~src/engine/index.ts', '~src/server/app.ts', '~src/api/transports/remote.ts', 'src/engine/errors.ts'],
  'src/commands/index.ts': ['~src/commands/members/index.ts', '~src/commands/teams/index.ts', '~src/commands/init.ts'],
  'src/commands/members/index.ts': ['src/commands/members/list.ts', 'src/bulk/plan.ts', 'node_modules/commander/index.js', 'node_modules/zod/index.js'],
  'src/commands/teams/index.ts': ['src/bulk/plan.ts', 'src/commands/teams/sync.ts'],
  'src/commands/init.ts': ['src/engine/sample.ts', '~src/engine/index.ts'],
  'src/bulk/plan.ts': ['src/domain/email.ts'],
  'src/engine/index.ts': ['src/engine/members.ts', 'src/domain/email.ts', 'src/engine/errors.ts', 'src/engine/sample.ts', 'node_modules/zod/index.js'],
  'src/engine/sample.ts': ['src/engine/store.ts'],
  'src/server/app.ts': ['src/engine/members.ts'],
};

describe('planBundles (scripts/split-bundles.js)', () => {
  const plan = planBundles(inputs(program));
  const owner = (file: string) => plan.owner.get(file);

  it('puts what the entry reaches without a seam in core, and the remote transport with it', () => {
    for (const file of ['src/cli.ts', 'src/main.ts', 'src/context.ts', 'src/commands/index.ts', 'src/api/transports/remote.ts', 'src/engine/errors.ts']) expect(owner(file), file).toBe('core');
  });

  it('gives the engine what its seams reach, and each group what only it reaches', () => {
    for (const file of ['src/engine/index.ts', 'src/engine/members.ts', 'src/server/app.ts']) expect(owner(file), file).toBe('engine');
    expect(owner('src/commands/members/list.ts')).toBe('members');
    expect(owner('src/commands/teams/sync.ts')).toBe('teams');
    expect(owner('src/commands/init.ts')).toBe('init');
  });

  it('puts what several need in core: two groups, or the engine and a group that does not set up the engine', () => {
    expect(owner('src/bulk/plan.ts')).toBe('core');
    // The engine and `members` both use it: in core, a remote members list does not load the engine for it.
    expect(owner('src/domain/email.ts')).toBe('core');
    // The engine and `init` only, which sets up the engine itself: the engine's.
    expect(owner('src/engine/sample.ts')).toBe('engine');
    expect(owner('src/engine/store.ts')).toBe('engine');
  });

  it('lets each bundle keep its own copy of a package, but for commander', () => {
    expect(owner('node_modules/zod/index.js')).toBeUndefined();
    expect(owner('node_modules/commander/index.js')).toBe('core');
  });

  it('takes a package through a linked node_modules (a path out of the repository) for a package too', () => {
    const linked = planBundles(inputs({
      ...program,
      'src/commands/teams/index.ts': [...program['src/commands/teams/index.ts'], '../shared/node_modules/zod/index.js', '../shared/node_modules/commander/index.js'],
      'src/engine/index.ts': [...program['src/engine/index.ts'], '../shared/node_modules/zod/index.js'],
    }));
    expect(linked.owner.get('../shared/node_modules/zod/index.js')).toBeUndefined();
    // commander is still one copy, in the one bundle that needs it here.
    expect(linked.owner.get('../shared/node_modules/commander/index.js')).toBe('teams');
  });

  it('lists what each bundle hands out: the modules other bundles import from it', () => {
    expect(plan.exported('engine')).toEqual(['src/engine/index.ts', 'src/engine/sample.ts', 'src/server/app.ts']);
    expect(plan.exported('members')).toEqual(['src/commands/members/index.ts']);
    expect(plan.exported('core')).toEqual(['node_modules/commander/index.js', 'src/bulk/plan.ts', 'src/domain/email.ts', 'src/engine/errors.ts']);
    expect(plan.bundles).toEqual(['core', 'engine', 'init', 'members', 'teams']);
  });

  it('fails the build when the seams moved', () => {
    expect(() => planBundles(inputs({ 'src/cli.ts': ['src/main.ts'] }))).toThrow(/seam/);
  });

  it('writes an entry that hands out the modules, and runs the program in core alone', () => {
    expect(entrySource('engine', ['src/engine/index.ts'], 'src/cli.ts')).toBe(
      `globalThis[Symbol.for('docsctl.define')]("engine", {\n  "src/engine/index.ts": () => require("./src/engine/index.ts"),\n});\n`,
    );
    expect(entrySource('core', [], 'src/cli.ts')).toContain('require("./src/cli.ts");');
  });
});

describe('linkBundles (bin/run-bundle.cjs)', () => {
  const define = (name: string, table: Record<string, () => unknown>) => (globalThis as Record<symbol, (n: string, t: unknown) => void>)[Symbol.for('docsctl.define')](name, table);
  const module = (name: string, file: string) => (globalThis as Record<symbol, (n: string, f: string) => unknown>)[Symbol.for('docsctl.module')](name, file);

  it('runs a bundle when a module of it is first asked for, and sets each module up once', () => {
    const runs: string[] = [];
    let setUps = 0;
    linkBundles((name) => {
      runs.push(name);
      define(name, { 'src/a.ts': () => ({ made: ++setUps }) });
    });
    expect(runs).toEqual([]);
    const first = module('engine', 'src/a.ts');
    expect(module('engine', 'src/a.ts')).toBe(first);
    expect(first).toEqual({ made: 1 });
    expect(runs).toEqual(['engine']);
  });

  it('names the module a bundle does not hold', () => {
    linkBundles((name) => define(name, {}));
    expect(() => module('engine', 'src/missing.ts')).toThrow(/bundle engine does not hold src\/missing\.ts/);
  });
});
