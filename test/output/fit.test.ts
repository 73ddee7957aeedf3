import { describe, expect, it } from 'vitest';
import { fitColumns, GAP, type Sizing } from '../../src/output/fit';

const col = (natural: number, priority = 2, whole = false, header = 4): Sizing => ({ natural, header, priority, whole });
const used = (widths: (number | undefined)[]) => {
  const kept = widths.filter((w): w is number => w !== undefined);
  return kept.reduce((a, b) => a + b, 0) + GAP * (kept.length - 1);
};

describe('fitting columns to a width', () => {
  it('keeps every column at its natural width when they fit', () => {
    expect(fitColumns([col(20), col(10), col(8)], 80)).toEqual([20, 10, 8]);
  });

  it('drops the least important columns first, rightmost among equals, never the first', () => {
    const widths = fitColumns([col(20, 1, true), col(30, 1), col(20, 3), col(20, 2), col(20, 3)], 80);
    expect(widths[4]).toBeUndefined();
    expect(widths[2]).toBeDefined();
    expect(widths[0]).toBe(20);
    expect(used(widths)).toBe(80);
    const narrow = fitColumns([col(20, 1, true), col(30, 1), col(20, 3), col(20, 2), col(20, 3)], 60);
    expect(narrow.map((w) => w !== undefined)).toEqual([true, true, false, true, false]);
    expect(used(narrow)).toBeLessThanOrEqual(60);
    // The first column stays even when it matters least, and gives more room than the important one.
    expect(fitColumns([col(60, 3), col(60, 1)], 40)).toEqual([13, 25]);
  });

  it('cuts the widest cuttable column rather than an id', () => {
    const widths = fitColumns([col(20, 1, true), col(70, 1)], 80);
    expect(widths).toEqual([20, 58]);
  });

  it('cuts the column furthest above its comfortable width first: a detail before a title', () => {
    // spaces deleted: ID, TITLE, DELETED AT, DELETED BY (an e-mail), PURGED IN
    const widths = fitColumns([col(20, 1, true), col(19, 1, false, 5), col(10, 2, false, 10), col(25, 2, false, 10), col(9, 1, false, 9)], 80);
    expect(widths).toEqual([20, 19, 10, 14, 9]);
  });

  it('still fits a terminal narrower than the ids', () => {
    const widths = fitColumns([col(20, 1, true), col(20, 1, true)], 15);
    expect(widths.filter((w) => w !== undefined)).toHaveLength(1);
    expect(used(widths)).toBeLessThanOrEqual(15);
  });

  it('narrows the columns that lose nothing first: a line column, then a wrapped one, before cutting any', () => {
    const line = (natural: number, header = 6): Sizing => ({ ...col(natural, 2, false, header), overflow: 'line' });
    const wrap = (natural: number, floor: number, header = 4): Sizing => ({ ...col(natural, 1, false, header), overflow: 'wrap', floor });
    // bulk report: LINE, USER, TEAM, ACTION, STATUS, DETAIL (line): the detail gives all the room needed.
    expect(fitColumns([col(4), col(25, 1), col(6), col(6), col(7), line(90)], 80)).toEqual([4, 25, 6, 6, 7, 22]);
    // spaces deleted: ID, TITLE, DELETED AT, DELETED BY (wrapped at its @), PURGED IN: only the e-mail narrows.
    expect(fitColumns([col(20, 1, true), col(19, 1, false, 5), col(10, 2, true, 10), wrap(25, 13, 10), col(9, 1, true, 9)], 80)).toEqual([20, 19, 10, 14, 9]);
    // A wrapped column keeps 24 columns while a cut one is above its comfortable width, then its words.
    expect(fitColumns([col(20, 1, true), col(49, 1), wrap(46, 10)], 80)).toEqual([20, 32, 24]);
    expect(fitColumns([col(20, 1, true), col(49, 1), wrap(46, 10)], 60)).toEqual([20, 24, 12]);
    // Wrapping keeps a column from being dropped: its comfortable width is its longest word.
    expect(fitColumns([col(20, 1, true), col(30, 1, true), wrap(40, 12), col(8, 1, true)], 80).every((w) => w !== undefined)).toBe(true);
  });
});
