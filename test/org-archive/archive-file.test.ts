import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readArchive, writeArchive, ARCHIVE_BOUNDS, ArchiveError } from '../../src/org-archive/archive-file';
import { tarHeader, tarPadding, TAR_END } from '../../src/org-archive/tar';

const dir = () => mkdtempSync(join(tmpdir(), 'docsctl-archive-'));

/** A gzip'd tar built by hand, so the reader meets names and sizes the writer would refuse. */
function rawArchive(entries: { name: string; bytes: Buffer }[]): Buffer {
  const blocks = entries.flatMap((e) => {
    const header = tarHeader({ name: 'x', bytes: e.bytes });
    header.fill(0, 0, 100);
    header.write(e.name, 0, 100, 'utf8');
    header.fill(0x20, 148, 156);
    let sum = 0;
    for (const byte of header) sum += byte;
    header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
    return [header, e.bytes, tarPadding(e.bytes.length)];
  });
  return gzipSync(Buffer.concat([...blocks, TAR_END]));
}

describe('archive files', () => {
  it('writes entries that tar reads back byte for byte, long names included', async () => {
    const path = join(dir(), 'a.tgz');
    const long = `${'d'.repeat(120)}/${'f'.repeat(90)}.json`;
    const entries = [{ name: 'manifest.json', bytes: Buffer.from('{}') }, { name: long, bytes: Buffer.alloc(1500, 7) }, { name: 'empty', bytes: Buffer.alloc(0) }];
    await writeArchive(path, entries);
    expect(await readArchive(path)).toEqual(entries);
  });

  it('refuses unsafe entry names: "..", absolute paths, backslashes', async () => {
    for (const name of ['../evil', 'a/../../evil', '/etc/passwd', 'a\\b', 'a//b']) {
      const path = join(dir(), 'bad.tgz');
      writeFileSync(path, rawArchive([{ name, bytes: Buffer.from('x') }]));
      await expect(readArchive(path)).rejects.toThrow(/unsafe entry name/);
      await expect(writeArchive(join(dir(), 'w.tgz'), [{ name, bytes: Buffer.from('x') }])).rejects.toThrow(/unsafe entry name/);
    }
  });

  it('bounds the entry count, an entry size and the uncompressed total', async () => {
    const path = join(dir(), 'b.tgz');
    writeFileSync(path, rawArchive([{ name: 'a', bytes: Buffer.alloc(10) }, { name: 'b', bytes: Buffer.alloc(10) }, { name: 'c', bytes: Buffer.alloc(600) }]));
    await expect(readArchive(path, { ...ARCHIVE_BOUNDS, maxEntries: 2 })).rejects.toThrow('more than 2 entries');
    await expect(readArchive(path, { ...ARCHIVE_BOUNDS, maxEntryBytes: 100 })).rejects.toThrow('entry c is 600 bytes, more than 100');
    await expect(readArchive(path, { ...ARCHIVE_BOUNDS, maxTotalBytes: 1000 })).rejects.toThrow('more than 1000 bytes once uncompressed');
    expect(await readArchive(path)).toHaveLength(3);
  });

  it('names what is wrong with a file that is not an archive', async () => {
    const d = dir();
    writeFileSync(join(d, 'text.tgz'), 'hello');
    await expect(readArchive(join(d, 'text.tgz'))).rejects.toThrow(ArchiveError);
    await expect(readArchive(join(d, 'text.tgz'))).rejects.toThrow(/not a gzip'd archive/);
    writeFileSync(join(d, 'notar.tgz'), gzipSync(Buffer.alloc(1024, 65)));
    await expect(readArchive(join(d, 'notar.tgz'))).rejects.toThrow(/not a ustar archive/);
    const whole = rawArchive([{ name: 'a', bytes: Buffer.alloc(2000, 1) }]);
    const { gunzipSync } = await import('node:zlib');
    writeFileSync(join(d, 'cut.tgz'), gzipSync(gunzipSync(whole).subarray(0, 1024)));
    await expect(readArchive(join(d, 'cut.tgz'))).rejects.toThrow(/truncated archive/);
    writeFileSync(join(d, 'dup.tgz'), rawArchive([{ name: 'a', bytes: Buffer.from('1') }, { name: 'a', bytes: Buffer.from('2') }]));
    await expect(readArchive(join(d, 'dup.tgz'))).rejects.toThrow('entry a appears twice');
    expect(readFileSync(join(d, 'text.tgz'), 'utf8')).toBe('hello');
  });

  it('leaves nothing behind when writing fails, even before its file is opened', async () => {
    const d = dir();
    await expect(writeArchive(join(d, 'x.tgz'), [{ name: 'ok', bytes: Buffer.from('1') }, { name: '../no', bytes: Buffer.from('2') }])).rejects.toThrow();
    // Failing at the first entry, before the temporary file is opened: it is not opened afterwards either.
    await expect(writeArchive(join(d, 'y.tgz'), [{ name: '../no', bytes: Buffer.from('2') }])).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const { readdirSync } = await import('node:fs');
    expect(readdirSync(d)).toEqual([]);
  });
});
