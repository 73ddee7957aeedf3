import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, READER, fieldsOf, json, ok, sampleSandbox, tsvRows, type Sandbox } from './support';

describe('users', () => {
  let s: Sandbox;
  let adminId: string;
  let graceId: string;
  beforeAll(async () => {
    s = await sampleSandbox();
    adminId = (await json(s, ['members', 'get', ADMIN])).id;
    graceId = (await json(s, ['members', 'get', 'grace.hopper@acme.example'])).id;
  });

  describe('me', () => {
    it('prints the admin as one tab-separated row when piped', async () => {
      const r = ok(await s.run(['users', 'me']));
      expect(tsvRows(r.stdout)).toEqual([[adminId, 'Admin', ADMIN]]);
      expect(r.stderr).toBe('');
    });

    it('prints field/value pairs on a terminal', async () => {
      const f = fieldsOf(ok(await s.run(['users', 'me'], { tty: true })).stdout);
      expect(f).toEqual({ ID: adminId, NAME: 'Admin', EMAIL: ADMIN });
    });

    it('prints the user object with --json', async () => {
      const me = await json(s, ['users', 'me']);
      expect(me).toMatchObject({ object: 'user', id: adminId, displayName: 'Admin', email: ADMIN });
      expect(me.urls.location).toContain(`/users/${adminId}`);
    });

    it('is the --as user when acting as someone else', async () => {
      const rows = tsvRows(ok(await s.run(['--as', READER, 'users', 'me'])).stdout);
      expect(rows[0].slice(1)).toEqual(['Donald Knuth', READER]);
      const byId = await json(s, ['--as', graceId, 'users', 'me']);
      expect(byId.email).toBe('grace.hopper@acme.example');
    });

    it('exits 5 when --as names no user', async () => {
      const r = await s.run(['--as', 'nobody@nowhere.example', 'users', 'me']);
      expect(r.code).toBe(5);
      expect(r.stderr).toContain('--as: no user nobody@nowhere.example');
      expect(r.stdout).toBe('');
    });
  });

  describe('get', () => {
    it('prints a user one shares an organization with, piped', async () => {
      const r = ok(await s.run(['users', 'get', graceId]));
      expect(tsvRows(r.stdout)).toEqual([[graceId, 'Grace Hopper', 'grace.hopper@acme.example']]);
    });

    it('prints field/value pairs on a terminal', async () => {
      const f = fieldsOf(ok(await s.run(['--as', READER, 'users', 'get', adminId], { tty: true })).stdout);
      expect(f).toEqual({ ID: adminId, NAME: 'Admin', EMAIL: ADMIN });
    });

    it('prints the user object with --json', async () => {
      expect(await json(s, ['users', 'get', graceId])).toMatchObject({ object: 'user', id: graceId, email: 'grace.hopper@acme.example' });
    });

    it('exits 5 for an unknown user', async () => {
      const r = await s.run(['users', 'get', 'no-such-user'], { tty: true });
      expect(r.code).toBe(5);
      expect(r.stderr).toContain('user no-such-user not found');
      expect(r.stdout).toBe('');
    });

    it('exits 2 without a user id', async () => {
      const r = await s.run(['users', 'get']);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain("missing required argument 'user'");
    });
  });
});
