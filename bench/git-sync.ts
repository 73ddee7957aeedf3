// `content push --merge` of a Git Sync repository through the built CLI, as CI runs it: 1,000 pages
// in SUMMARY.md groups, each showing its own image from .gitbook/assets/ (uploaded in the same push).
// The baseline is the same repository without images, pushed the same way in the same run.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { median, type BenchRow } from './report';
import { runQuiet } from './spawn';

/** A valid grayscale PNG of `side`×`side` pixels whose bytes differ with `seed` (a few KiB, like a small diagram). */
function png(side: number, seed: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8; // bit depth; color type 0 (grayscale), the rest 0
  let state = seed * 2654435761;
  const rows = Buffer.alloc((side + 1) * side);
  for (let i = 0; i < rows.length; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    rows[i] = i % (side + 1) === 0 ? 0 : (state >>> 24) & 0x3f;
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

/** A Git Sync repository: SUMMARY.md with `groups` headings of `perGroup` pages, a README and, optionally, an image per page. */
export function repository(root: string, pages: number, images: boolean): number {
  const groups = 20;
  const perGroup = Math.ceil(pages / groups);
  const summary = ['# Table of contents', '', '* [Welcome](README.md)', ''];
  let bytes = 0;
  mkdirSync(join(root, '.gitbook/assets'), { recursive: true });
  writeFileSync(join(root, 'README.md'), `# Welcome\n\nThe handbook.\n${images ? '\n![](.gitbook/assets/cover.png)\n' : ''}`);
  if (images) {
    const cover = png(64, 1_000_000);
    bytes += cover.length;
    writeFileSync(join(root, '.gitbook/assets/cover.png'), cover);
  }
  for (let g = 0; g < groups; g++) {
    summary.push(`## Part ${g}`, '');
    mkdirSync(join(root, `part-${g}`), { recursive: true });
    for (let p = 0; p < perGroup && g * perGroup + p < pages - 1; p++) {
      const n = g * perGroup + p;
      const image = images ? `\n<figure><img src="../.gitbook/assets/image-${n}.png" alt=""><figcaption><p>Figure ${n}</p></figcaption></figure>\n` : '';
      writeFileSync(
        join(root, `part-${g}/page-${p}.md`),
        `# Page ${n}\n\n## Setup <a href="#setup" id="setup"></a>\n\n${'Some text with **bold** and a [link](https://example.com). '.repeat(15)}\n${image}\n{% hint style="info" %}\nSee [the next page](page-${p + 1}.md).\n{% endhint %}\n`,
      );
      if (images) {
        const bytesOfImage = png(64, n);
        bytes += bytesOfImage.length;
        writeFileSync(join(root, `.gitbook/assets/image-${n}.png`), bytesOfImage);
      }
      summary.push(`* [Page ${n}](part-${g}/page-${p}.md)`);
    }
    summary.push('');
  }
  writeFileSync(join(root, 'SUMMARY.md'), `${summary.join('\n')}\n`);
  return bytes;
}

/**
 * `content push FOLDER --merge` into a new space, timed (`flags`: before the command, e.g. `--url`;
 * `pushFlags`: after it), checked to have merged at least `pages` pages.
 */
export function timedPush(bin: string, env: NodeJS.ProcessEnv, folder: string, pages: number, flags: string[] = [], pushFlags: string[] = []) {
  const space = JSON.parse(runQuiet(bin, [...flags, 'spaces', 'create', '--title', 'Bench', '--json'], env)).id as string;
  const start = performance.now();
  const result = spawnSync(process.execPath, [bin, ...flags, 'content', 'push', folder, '--space', space, '--merge', '--json', ...pushFlags], { env, encoding: 'utf8' });
  const ms = performance.now() - start;
  if (result.status !== 0) throw new Error(`content push failed: ${result.stderr}`);
  const summary = JSON.parse(result.stdout) as { inserted: number; uploaded: number; merged: boolean };
  if (!summary.merged || summary.inserted < pages) throw new Error(`content push did not push everything: ${result.stdout}`);
  return { ms, summary };
}

export function benchGitSyncPush(bin: string, pages = 1000, runs = 3): BenchRow[] {
  const dir = mkdtempSync(join(tmpdir(), 'docsctl-bench-gitsync-'));
  const { NODE_EXTRA_CA_CERTS: _, ...clean } = process.env;
  const env = { ...clean, DOCSCTL_DB: join(dir, 'bench.db'), DOCSCTL_CONFIG_DIR: dir, CI: '1' };
  try {
    const withImages = join(dir, 'with-images');
    const withoutImages = join(dir, 'without-images');
    const imageBytes = repository(withImages, pages, true);
    repository(withoutImages, pages, false);
    runQuiet(bin, ['init'], env);
    const time = (folder: string) => timedPush(bin, env, folder, pages);
    const baseline: number[] = [];
    const full: number[] = [];
    let uploaded = 0;
    for (let i = 0; i < runs; i++) {
      baseline.push(time(withoutImages).ms);
      const run = time(withImages);
      full.push(run.ms);
      uploaded = run.summary.uploaded;
    }
    const ms = median(full);
    return [
      { name: `git sync push+merge: ${pages} pages, no images (baseline)`, value: `${median(baseline).toFixed(0)} ms` },
      {
        name: `git sync push+merge: ${pages} pages, ${uploaded} images (${(imageBytes / 1024 / 1024).toFixed(1)} MiB)`,
        value: `${ms.toFixed(0)} ms`,
        ratio: ms / median(baseline),
        target: '< 2000 ms',
        ok: ms < 2000,
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
