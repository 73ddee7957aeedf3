/**
 * The ustar subset an organization archive needs: regular files only, names of at most 255 bytes
 * (a 155-byte prefix and a 100-byte name), sizes below 8 GiB (11 octal digits). Written here rather
 * than taken from a package: docsctl adds no dependency for ~100 lines.
 */

const BLOCK = 512;

export interface TarEntry {
  name: string;
  bytes: Buffer;
}

export class TarFormatError extends Error {}

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

/** Splits a name into ustar's prefix and name fields at a slash, or throws when it cannot fit. */
function splitName(name: string): { prefix: string; name: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: '', name };
  for (let i = name.length - 1; i > 0; i--) {
    if (name[i] !== '/') continue;
    const prefix = name.slice(0, i);
    const rest = name.slice(i + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(rest) <= 100) return { prefix, name: rest };
  }
  throw new TarFormatError(`entry name too long for ustar: ${name}`);
}

/** The 512-byte header of one regular file. Times are fixed at 0: an archive's bytes depend on its content only. */
export function tarHeader(entry: TarEntry): Buffer {
  const header = Buffer.alloc(BLOCK, 0);
  const { prefix, name } = splitName(entry.name);
  header.write(name, 0, 100, 'utf8');
  header.write(octal(0o644, 8), 100, 'ascii');
  header.write(octal(0, 8), 108, 'ascii');
  header.write(octal(0, 8), 116, 'ascii');
  header.write(octal(entry.bytes.length, 12), 124, 'ascii');
  header.write(octal(0, 12), 136, 'ascii');
  header.write('        ', 148, 'ascii');
  header.write('0', 156, 'ascii');
  header.write('ustar\0', 257, 'ascii');
  header.write('00', 263, 'ascii');
  header.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return header;
}

/** The padding after an entry's bytes, up to the next block. */
export function tarPadding(size: number): Buffer {
  return Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK, 0);
}

/** What ends an archive: two zero blocks. */
export const TAR_END = Buffer.alloc(BLOCK * 2, 0);

function field(header: Buffer, start: number, length: number): string {
  const raw = header.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('utf8');
}

function parseOctal(header: Buffer, start: number, length: number, what: string): number {
  const text = field(header, start, length).trim();
  if (!/^[0-7]+$/.test(text)) throw new TarFormatError(`not a tar archive (bad ${what} field)`);
  return parseInt(text, 8);
}

/** A parsed header: the entry's name, its size and whether it is a regular file. */
export interface TarHeader {
  name: string;
  size: number;
  regular: boolean;
}

/** Reads one header block; null for the zero block that ends the archive. */
export function parseTarHeader(header: Buffer): TarHeader | null {
  if (header.every((byte) => byte === 0)) return null;
  if (field(header, 257, 6) !== 'ustar') throw new TarFormatError('not a ustar archive (no "ustar" magic)');
  const stored = parseOctal(header, 148, 8, 'checksum');
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : header[i];
  if (sum !== stored) throw new TarFormatError('corrupt tar header (checksum mismatch)');
  const prefix = field(header, 345, 155);
  const name = field(header, 0, 100);
  const type = String.fromCharCode(header[156] || 48);
  return { name: prefix ? `${prefix}/${name}` : name, size: parseOctal(header, 124, 12, 'size'), regular: type === '0' };
}

export const TAR_BLOCK = BLOCK;
