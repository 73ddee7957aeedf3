import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { runBuilt } from '../helpers/built';
import { SCHEMA_VERSION } from '../../src/engine/store/db';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';

/** `serve` ends on a fatal start-up error instead of keeping its port open and answering nothing (issue 34). */
describe('serve start-up failures, through the built entry', () => {
  it('exits 6 naming the upgrade when the database is newer than this docsctl (no port left open)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'docsctl-serve-startup-'));
    const box = { dir, env: { DOCSCTL_DB: join(dir, 'docs.db'), DOCSCTL_CONFIG_DIR: join(dir, 'config'), HOME: dir } };
    expect((await runBuilt(box, ['init'])).code).toBe(0);
    const db = new Database(box.env.DOCSCTL_DB);
    db.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    db.close();
    const started = Date.now();
    const result = await runBuilt(box, ['serve', '--port', '0', '--json']);
    expect(result.code, result.stderr).toBe(6);
    expect(result.stderr).toContain('upgrade docsctl');
    expect(result.stderr).not.toContain('unexpected failure');
    expect(result.stdout).toBe('');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('exits 1 naming the flag and the address when the port is in use, also with the metrics socket bound first', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'docsctl-serve-port-'));
    const box = { dir, env: { DOCSCTL_DB: join(dir, 'docs.db'), DOCSCTL_CONFIG_DIR: join(dir, 'config'), HOME: dir } };
    expect((await runBuilt(box, ['init'])).code).toBe(0);
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as AddressInfo).port;
    try {
      const plain = await runBuilt(box, ['serve', '--port', String(port)]);
      expect(plain.code).toBe(1);
      expect(plain.stderr).toContain(`error: --port ${port}: 127.0.0.1:${port} is already in use`);
      expect(plain.stderr).not.toContain('unexpected failure');
      // The metrics socket binds first: it must not keep the process alive (this run hung before).
      const withMetrics = await runBuilt(box, ['serve', '--port', String(port), '--metrics-port', '0']);
      expect(withMetrics.code).toBe(1);
      expect(withMetrics.stderr).toContain(`--port ${port}: 127.0.0.1:${port} is already in use`);
      const metricsTaken = await runBuilt(box, ['serve', '--port', '0', '--metrics-port', String(port)]);
      expect(metricsTaken.code).toBe(1);
      expect(metricsTaken.stderr).toContain(`--metrics-port ${port}: 127.0.0.1:${port} is already in use`);
    } finally {
      taken.close();
    }
  });
});
