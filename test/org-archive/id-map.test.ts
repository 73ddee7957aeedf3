import { describe, expect, it } from 'vitest';
import { appendFileSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IdMap } from '../../src/org-archive/id-map';

const target = { url: 'file:///b.db', organization: 'org-b' };
const fresh = () => join(mkdtempSync(join(tmpdir(), 'docsctl-map-')), 'a.tgz.map.json');

describe('import mapping file', () => {
  it('keeps ids and done steps across runs, one appended line each', () => {
    const path = fresh();
    const first = IdMap.open(path, 'digest', target);
    first.setId('space', 'old-1', 'new-1');
    first.markDone('space:old-1');
    first.markDone('space:old-1');
    expect(readFileSync(path, 'utf8').trim().split('\n')).toHaveLength(3);
    const again = IdMap.open(path, 'digest', target);
    expect(again.id('space', 'old-1')).toBe('new-1');
    expect(again.isDone('space:old-1')).toBe(true);
    expect(again.isDone('space:old-2')).toBe(false);
  });

  it('ignores a last line cut short by a killed process', () => {
    const path = fresh();
    IdMap.open(path, 'digest', target).setId('team', 't1', 'n1');
    appendFileSync(path, '{"id":["team:t2","n');
    const again = IdMap.open(path, 'digest', target);
    expect(again.id('team', 't1')).toBe('n1');
    expect(again.id('team', 't2')).toBeUndefined();
  });

  it('refuses a map of another archive or another target; a dry run writes nothing', () => {
    const path = fresh();
    IdMap.open(path, 'digest', target).markDone('settings');
    expect(() => IdMap.open(path, 'other', target)).toThrow('was written for another archive');
    expect(() => IdMap.open(path, 'digest', { ...target, organization: 'org-c' })).toThrow('records an import into organization org-b at file:///b.db');
    const dry = fresh();
    IdMap.open(dry, 'digest', target, false).setId('space', 'x', 'y');
    expect(existsSync(dry)).toBe(false);
  });
});
