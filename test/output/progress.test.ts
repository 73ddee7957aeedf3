import { describe, expect, it } from 'vitest';
import { createProgress, formatBytes } from '../../src/output/progress';

describe('progress line', () => {
  it('rewrites one line with objects done / total and bytes, at most every 100 ms, and clears it when done', () => {
    const written: string[] = [];
    let now = 1000;
    const progress = createProgress({ write: (s: string) => (written.push(s), true) }, true, 'Importing', () => now);
    progress.setTotal(10);
    progress.advance(2, 2048);
    now += 50;
    progress.advance(1);
    now += 100;
    progress.advance(1, 1024 * 1024);
    progress.done();
    expect(written).toEqual(['\r\u001b[2KImporting: 2/10 objects, 2.0 KiB', '\r\u001b[2KImporting: 4/10 objects, 1.0 MiB', '\r\u001b[2K']);
    expect(progress.objects).toBe(4);
  });

  it('writes nothing when disabled (piped, CI), but still counts', () => {
    const written: string[] = [];
    const progress = createProgress({ write: (s: string) => (written.push(s), true) }, false, 'Exporting');
    progress.advance(3, 10);
    progress.done();
    expect(written).toEqual([]);
    expect(progress.bytes).toBe(10);
  });

  it('formats bytes', () => {
    expect([0, 1023, 1536, 5 * 1024 ** 3].map(formatBytes)).toEqual(['0 B', '1023 B', '1.5 KiB', '5.0 GiB']);
  });
});
