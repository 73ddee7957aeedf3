import { describe, expect, it } from 'vitest';
import { signJwt, verifyJwt, signingSecret } from '../../src/engine/jwt';
import { testEngine } from '../helpers/engine';

describe('API tokens', () => {
  it('are shown once, stored only as a hash, and stop working when revoked', async () => {
    const t = await testEngine();
    const created = await t.engine.tokens.create({ user: 'admin@acme.test', name: 'ci' });
    expect(created.token).toMatch(/^dct_[A-Za-z0-9_-]{43}$/);
    const stored = (await t.engine.core.get<{ token_hash: string }>('SELECT token_hash FROM api_tokens WHERE id = ?', [created.id]))!;
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(await t.engine.core.all('SELECT * FROM api_tokens'))).not.toContain(created.token);
    expect(await t.engine.tokens.authenticate(created.token)).toEqual({ userId: t.adminId, tokenId: created.id, scope: 'admin' });
    expect((await t.engine.tokens.get(created.id)).lastUsedAt).toBe(t.clock.now().toISOString());
    expect(await t.engine.tokens.authenticate('dct_wrong')).toBeUndefined();
    await t.engine.tokens.revoke(created.id);
    expect(await t.engine.tokens.authenticate(created.token)).toBeUndefined();
    await expect(t.engine.tokens.create({ user: 'nobody@acme.test' })).rejects.toThrow(/user nobody@acme.test not found/);
  });
});

describe('visitor JWTs', () => {
  it('verify with the instance secret and expire', async () => {
    const t = await testEngine();
    const secret = await signingSecret(t.engine.core);
    expect(await signingSecret(t.engine.core)).toBe(secret);
    const token = signJwt({ sub: 'u1', exp: 100 }, secret);
    expect(verifyJwt(token, secret, 50)).toMatchObject({ sub: 'u1' });
    expect(verifyJwt(token, secret, 101)).toBeUndefined();
    expect(verifyJwt(token, 'other-secret', 50)).toBeUndefined();
    expect(verifyJwt(`${token}x`, secret, 50)).toBeUndefined();
    const ping = await t.engine.members.ping({ userId: t.adminId }, t.orgId);
    expect(verifyJwt(ping.serviceVisitorClaims, secret, Math.floor(t.clock.now().getTime() / 1000))).toMatchObject({ sub: t.adminId, org: t.orgId });
  });
});
