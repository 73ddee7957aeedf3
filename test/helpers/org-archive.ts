import { loadArchive } from '../../src/org-archive/archive';

/** Fields of archive entries that hold an id of the instance the archive came from. */
const ID_FIELDS = new Set(['id', 'parent', 'space', 'team', 'defaultTeam', 'site', 'page']);

/**
 * An archive with its ids and times taken out: every id becomes `#n`, n its order of first appearance
 * in the archive (so two archives of the same organization made on different instances compare
 * equal when their objects and the references between them are the same), and the manifest keeps
 * only its format, version and counts (its time, source and checksums depend on ids and times).
 */
export async function normalizedArchive(path: string): Promise<{ manifest: unknown; archive: unknown }> {
  const { manifest, archive } = await loadArchive(path);
  const tokens = new Map<string, string>();
  const token = (id: string) => tokens.get(id) ?? tokens.set(id, `#${tokens.size + 1}`).get(id)!;
  const walk = (value: unknown, key?: string): unknown => {
    if (Array.isArray(value)) return value.map((v) => walk(v));
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, k)]));
    if (typeof value === 'string' && key && ID_FIELDS.has(key)) return token(value);
    if (typeof value === 'string' && key === 'markdown') {
      return value
        .replace(/\/files\/([^/?#\s)"'<>]+)/g, (_, id: string) => `/files/${token(id)}`)
        .replace(/\/reusable-contents\/([^\s"'/\\%{}]+)/g, (_, id: string) => `/reusable-contents/${token(id)}`);
    }
    return value;
  };
  const { blobs, ...objects } = archive;
  return {
    manifest: { format: manifest.format, version: manifest.version, counts: manifest.counts },
    archive: { ...(walk(objects) as object), blobs: [...blobs.keys()].sort() },
  };
}

type Box = { dir: string; run: (argv: string[], options?: { tty?: boolean }) => Promise<{ code: number; stdout: string; stderr: string }> };

// A tiny GIF: a file whose bytes the round trip must keep.
export const GIF = Buffer.from('GIF89a\x04\x00\x02\x00;', 'latin1');

/** The reusable content `enrichSample` adds, as its Git Sync file holds it. */
export const UPGRADE_STEPS = '---\ntitle: Upgrade steps\n---\n\n1. Back up the database.\n2. Run `docsctl db migrate`.\n';

/**
 * Adds to a sample organization what the sample lacks and an archive must carry: nested pages with
 * a link to an uploaded file and an include of a reusable content (`.gitbook/includes/upgrade.md`),
 * comments with replies (one resolved) on the space and on a change request, an OpenAPI spec with
 * two versions and a translation. `--org` is passed when given.
 */
export async function enrichSample(box: Box, org?: string): Promise<{ space: string }> {
  const { mkdirSync, writeFileSync, readFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const scope = org ? ['--org', org] : [];
  const ok = async (argv: string[]) => {
    const r = await box.run([...scope, ...argv]);
    if (r.code !== 0) throw new Error(`${argv.join(' ')}: exit ${r.code}: ${r.stderr}`);
    return r;
  };
  const json = async (argv: string[]) => JSON.parse((await ok([...argv, '--json'])).stdout);
  const spaces = (await json(['spaces', 'list'])).items as { id: string; title: string }[];
  const space = spaces.find((s) => s.title === 'Changelog')!.id;
  const docs = join(box.dir, 'changelog');
  for (const [name, text] of Object.entries({
    'README.md': '# Changelog\n\n![logo](images/logo.gif)\n',
    'v2/README.md': '# Version 2\n\nSee [the logo](../images/logo.gif).\n\n{% include "../.gitbook/includes/upgrade.md" %}\n',
    '.gitbook/includes/upgrade.md': UPGRADE_STEPS,
    'v2/breaking.md': '---\ndescription: What breaks in v2\nicon: warning\n---\n# Breaking changes\n\nNone.\n',
    'SUMMARY.md': '# Summary\n\n* [Changelog](README.md)\n* [Version 2](v2/README.md)\n  * [Breaking changes](v2/breaking.md)\n',
  })) {
    mkdirSync(join(docs, name, '..'), { recursive: true });
    writeFileSync(join(docs, name), text);
  }
  mkdirSync(join(docs, 'images'), { recursive: true });
  writeFileSync(join(docs, 'images/logo.gif'), GIF);
  await ok(['content', 'push', docs, '--space', space, '--merge']);
  const comment = await json(['comments', 'add', '--space', space, '--page', 'v2', '--body', 'Is v2 out yet?']);
  await ok(['comments', 'reply', comment.id, '--space', space, '--body', 'Next week.']);
  const resolved = await json(['comments', 'add', '--space', space, '--body', 'Typo in the title']);
  await ok(['comments', 'resolve', resolved.id, '--space', space]);
  writeFileSync(join(docs, 'v2/breaking.md'), '---\ndescription: What breaks in v2\nicon: warning\n---\n# Breaking changes\n\nThe `limit` parameter is capped at 1000.\n');
  await ok(['content', 'push', docs, '--space', space, '--subject', 'Cap limit']);
  const onCr = await json(['comments', 'add', '--space', space, '--change-request', '2', '--body', 'Please add a date']);
  await ok(['comments', 'reply', onCr.id, '--space', space, '--change-request', '2', '--body', 'Added.']);
  writeFileSync(join(box.dir, 'v1.yaml'), readFileSync(new URL('../fixtures/openapi/v1.yaml', import.meta.url)));
  writeFileSync(join(box.dir, 'v2.yaml'), readFileSync(new URL('../fixtures/openapi/v2.yaml', import.meta.url)));
  await ok(['openapi', 'publish', join(box.dir, 'v1.yaml'), '--spec', 'petstore']);
  await ok(['openapi', 'publish', join(box.dir, 'v2.yaml'), '--spec', 'petstore']);
  await ok(['translations', 'create', '--title', 'Docs in French', '--language', 'fr']);
  return { space };
}
