// The layer order of src/ (docs/architecture.md, "Layers"), checked: every import points down or
// sideways inside its own layer, and no files (nor modules) import each other in a circle.
// `node scripts/check-layers.js` prints what breaks the rules; test/layers.test.ts runs it in `npm test`.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Each layer, top first, with the paths (relative to src/, with '/') it holds. */
export const LAYERS = [
  { name: 'entry', holds: (p) => ['main.ts', 'cli.ts', 'snapshot-entry.ts', 'exit-when-idle.ts'].includes(p) },
  // The command registry, and the commands that build an engine or a server: only these (and
  // context.ts) reach below the API.
  { name: 'wiring commands', holds: (p) => /^commands\/(index\.ts|serve\.ts|init\.ts|db\/)/.test(p) },
  { name: 'commands', holds: (p) => p.startsWith('commands/') },
  { name: 'wiring', holds: (p) => p === 'context.ts' },
  { name: 'cli', holds: (p) => /^(output|bulk|openapi-diff|org-archive|folders|mcp|static-site)\//.test(p) || p === 'config.ts' || p === 'profiles.ts' },
  { name: 'server', holds: (p) => p.startsWith('server/') },
  { name: 'engine', holds: (p) => p.startsWith('engine/') },
  { name: 'api', holds: (p) => p.startsWith('api/') },
  { name: 'content tree', holds: (p) => p.startsWith('content-tree/') },
  { name: 'base', holds: (p) => /^(domain|markdown|net|openapi-document|pdf)\//.test(p) || ['errors.ts', 'version.ts', 'self-command.ts', 'global-flags.ts'].includes(p) },
];

/** What each layer may import besides itself. */
export const MAY_IMPORT = {
  entry: ['wiring commands', 'commands', 'wiring', 'cli', 'server', 'engine', 'api', 'content tree', 'base'],
  'wiring commands': ['commands', 'wiring', 'cli', 'server', 'engine', 'api', 'content tree', 'base'],
  commands: ['wiring', 'cli', 'api', 'content tree', 'base'],
  wiring: ['cli', 'server', 'engine', 'api', 'content tree', 'base'],
  cli: ['api', 'content tree', 'base'],
  server: ['engine', 'api', 'base'],
  engine: ['content tree', 'base'],
  api: ['base'],
  'content tree': ['base'],
  base: [],
};

const layerOf = (path) => LAYERS.find((layer) => layer.holds(path))?.name;

/** A module for the cycle check: a folder below a top-level folder (engine/content), else the file. */
const moduleOf = (path) => {
  const parts = path.split('/');
  return parts.length > 2 ? parts.slice(0, 2).join('/') : path;
};

// `import … from './x'`, `export … from './x'`, `import './x'`, `import('./x')`, `require('./x')`.
const IMPORT = /^\s*(?:import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"](\.[^'"]+)['"]|^\s*import\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)|require\(\s*['"](\.[^'"]+)['"]\s*\)/gms;

/** Whether an import brings in types only (erased when compiled: no run-time dependency). */
function typeOnly(typeKeyword, clause) {
  if (typeKeyword) return true;
  const names = /^\{([\s\S]*)\}$/.exec(clause.trim())?.[1].split(',').map((n) => n.trim()).filter(Boolean);
  return !!names?.length && names.every((n) => n.startsWith('type '));
}

function sourceFiles(dir, base = dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path, base);
    return entry.name.endsWith('.ts') ? [relative(base, path).split(sep).join('/')] : [];
  });
}

/** Every relative import of every file of `src`: [from, to, typeOnly], paths relative to src. */
export function importsOf(src) {
  const edges = [];
  for (const file of sourceFiles(src)) {
    const text = readFileSync(join(src, file), 'utf8');
    for (const m of text.matchAll(IMPORT)) {
      const spec = m[3] ?? m[4] ?? m[5] ?? m[6];
      const target = normalize(join(dirname(file), spec)).split(sep).join('/');
      const resolved = [`${target}.ts`, `${target}/index.ts`].find((candidate) => existsSync(join(src, candidate)));
      if (resolved) edges.push([file, resolved, m[3] !== undefined && typeOnly(m[1], m[2])]);
    }
  }
  return edges;
}

/** Strongly connected groups of more than one node (Tarjan). */
function cyclesOf(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (node) => {
    index.set(node, index.size);
    low.set(node, index.get(node));
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
    }
    if (low.get(node) === index.get(node)) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return found;
}

/** Edges [from, to] grouped by `group` into a graph, without edges inside one group. */
function graphOf(edges, group) {
  const graph = new Map();
  for (const [from, to] of edges) {
    const a = group(from);
    const b = group(to);
    if (a === b) continue;
    if (!graph.has(a)) graph.set(a, new Set());
    graph.get(a).add(b);
  }
  return graph;
}

/**
 * What breaks the rules in `src`: imports against the layer order (type-only ones too: a type is a
 * dependency on where it is defined), files in no layer, and cycles: between files through any import
 * (types too: a type shared by two files gets a home below both), and between modules (engine/content,
 * engine/openapi) through run-time imports.
 */
export function checkLayers(src) {
  const edges = importsOf(src);
  const unplaced = [...new Set(sourceFiles(src).filter((file) => !layerOf(file)))];
  const upward = edges
    .filter(([from, to]) => {
      const a = layerOf(from);
      const b = layerOf(to);
      return a && b && a !== b && !MAY_IMPORT[a].includes(b);
    })
    .map(([from, to]) => `${from} (${layerOf(from)}) imports ${to} (${layerOf(to)})`);
  const fileCycles = cyclesOf(graphOf(edges, (file) => file));
  const moduleCycles = cyclesOf(graphOf(edges.filter(([, , types]) => !types), moduleOf));
  return { upward, unplaced, cycles: [...fileCycles, ...moduleCycles].map((group) => group.join(' <-> ')) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { upward, unplaced, cycles } = checkLayers(fileURLToPath(new URL('../src', import.meta.url)));
  for (const line of upward) console.log(`upward: ${line}`);
  for (const file of unplaced) console.log(`in no layer: ${file}`);
  for (const line of cycles) console.log(`cycle: ${line}`);
  console.log(`${upward.length} upward import(s), ${cycles.length} cycle(s), ${unplaced.length} file(s) in no layer`);
  process.exitCode = upward.length || cycles.length || unplaced.length ? 1 : 0;
}
