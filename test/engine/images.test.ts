import { describe, expect, it } from 'vitest';
import { contentTypeOf, imageSize } from '../../src/engine/content/images';

/** A PNG signature and IHDR chunk for a width x height image (plus a few trailing bytes). */
export function png(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(6, 9); // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.from([0, 0, 0, 13]),
    Buffer.from('IHDR', 'ascii'),
    ihdr,
    Buffer.from([0, 0, 0, 0]), // CRC (not checked)
  ]);
}

/** A GIF header with a logical screen of width x height (little-endian). */
export function gif(width: number, height: number, version = 'GIF89a'): Buffer {
  const size = Buffer.alloc(4);
  size.writeUInt16LE(width, 0);
  size.writeUInt16LE(height, 2);
  return Buffer.concat([Buffer.from(version, 'ascii'), size, Buffer.from([0xf7, 0, 0])]);
}

/** A JPEG header: SOI, the given segments before the frame, then a start-of-frame segment. */
export function jpeg(width: number, height: number, options: { sof?: number; before?: Buffer[]; tail?: boolean } = {}): Buffer {
  const sof = Buffer.from([0xff, options.sof ?? 0xc0, 0x00, 0x11, 0x08, 0, 0, 0, 0]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  const rest = options.tail === false ? Buffer.alloc(0) : Buffer.from([0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), ...(options.before ?? []), sof, rest]);
}

/** A JPEG segment (marker + big-endian length including itself + payload). */
function segment(marker: number, payload: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}

const app0 = segment(0xe0, Buffer.concat([Buffer.from('JFIF\0', 'ascii'), Buffer.from([1, 1, 0, 0, 1, 0, 1, 0, 0])]));
const dht = segment(0xc4, Buffer.alloc(20, 1)); // define-Huffman-table: a 0xC? marker that is not a frame
const dqt = segment(0xdb, Buffer.alloc(65, 2));

describe('imageSize', () => {
  it('reads the width and height of a PNG from its IHDR chunk', () => {
    expect(imageSize(png(640, 480))).toEqual({ width: 640, height: 480 });
    expect(imageSize(png(1, 70000))).toEqual({ width: 1, height: 70000 });
  });

  it('reads the logical screen size of a GIF (87a and 89a)', () => {
    expect(imageSize(gif(320, 200))).toEqual({ width: 320, height: 200 });
    expect(imageSize(gif(513, 2, 'GIF87a'))).toEqual({ width: 513, height: 2 });
  });

  it('reads a JPEG frame header, skipping the segments before it', () => {
    expect(imageSize(jpeg(800, 600))).toEqual({ width: 800, height: 600 });
    expect(imageSize(jpeg(1920, 1080, { before: [app0, dqt] }))).toEqual({ width: 1920, height: 1080 });
  });

  it('reads progressive frames and is not fooled by DHT (0xC4), which is not a frame', () => {
    expect(imageSize(jpeg(300, 150, { sof: 0xc2, before: [app0, dht] }))).toEqual({ width: 300, height: 150 });
  });

  it('reads a JPEG frame header that ends exactly at the end of the bytes', () => {
    expect(imageSize(jpeg(16, 32, { tail: false }))).toEqual({ width: 16, height: 32 });
    expect(imageSize(jpeg(16, 32, { tail: false }).subarray(0, 10))).toBeUndefined();
  });

  it('is undefined for anything else', () => {
    expect(imageSize(Buffer.from('just some text, long enough to look like a header'))).toBeUndefined();
    expect(imageSize(Buffer.alloc(0))).toBeUndefined();
    // text that merely starts with the letters GIF
    expect(imageSize(Buffer.from('GIFTS for everyone'))).toBeUndefined();
    expect(imageSize(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'))).toBeUndefined();
    expect(imageSize(Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj'))).toBeUndefined();
    // truncated headers
    expect(imageSize(png(640, 480).subarray(0, 20))).toBeUndefined();
    expect(imageSize(gif(320, 200).subarray(0, 8))).toBeUndefined();
    expect(imageSize(Buffer.from([0xff, 0xd8, 0xff]))).toBeUndefined();
    // a PNG signature without an IHDR chunk first
    const noIhdr = png(10, 10);
    noIhdr.write('IDAT', 12, 'ascii');
    expect(imageSize(noIhdr)).toBeUndefined();
    // a JPEG whose segments run off into garbage
    expect(imageSize(Buffer.concat([Buffer.from([0xff, 0xd8]), Buffer.alloc(30, 0x41)]))).toBeUndefined();
    // a JPEG without a frame header
    expect(imageSize(Buffer.concat([Buffer.from([0xff, 0xd8]), app0, dqt]))).toBeUndefined();
  });
});

describe('contentTypeOf', () => {
  it('maps known extensions, case-insensitively, using the last extension', () => {
    expect(contentTypeOf('logo.png')).toBe('image/png');
    expect(contentTypeOf('photo.JPG')).toBe('image/jpeg');
    expect(contentTypeOf('photo.jpeg')).toBe('image/jpeg');
    expect(contentTypeOf('anim.gif')).toBe('image/gif');
    expect(contentTypeOf('icon.svg')).toBe('image/svg+xml');
    expect(contentTypeOf('pic.webp')).toBe('image/webp');
    expect(contentTypeOf('manual.pdf')).toBe('application/pdf');
    expect(contentTypeOf('data.json')).toBe('application/json');
    expect(contentTypeOf('spec.yaml')).toBe('application/yaml');
    expect(contentTypeOf('spec.yml')).toBe('application/yaml');
    expect(contentTypeOf('notes.txt')).toBe('text/plain');
    expect(contentTypeOf('README.md')).toBe('text/markdown');
    expect(contentTypeOf('table.csv')).toBe('text/csv');
    expect(contentTypeOf('backup.tar.zip')).toBe('application/zip');
    expect(contentTypeOf('archive.png.txt')).toBe('text/plain');
  });

  it('is application/octet-stream for unknown or missing extensions', () => {
    expect(contentTypeOf('binary.exe')).toBe('application/octet-stream');
    expect(contentTypeOf('Makefile')).toBe('application/octet-stream');
    expect(contentTypeOf('trailing.')).toBe('application/octet-stream');
    expect(contentTypeOf('')).toBe('application/octet-stream');
  });
});
