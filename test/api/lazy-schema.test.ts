import { describe, expect, it, vi } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod/mini';
import { lazy } from '../../src/api/schemas/lazy';
import { routeList } from '../../src/api/routes/index';
import { schemaFields } from '../../src/output/fields';

describe('lazy(): a schema built on first use', () => {
  it('loading the route table builds none of its schemas; using a route builds only what that route needs', async () => {
    // Loaded afresh: a worker process may have built schemas of these modules for an earlier file.
    vi.resetModules();
    const fresh = {
      ...(await import('../../src/api/schemas/lazy')),
      ...(await import('../../src/api/routes/index')),
      ...(await import('../../src/output/fields')),
    };
    expect(fresh.routeList.length).toBeGreaterThan(150);
    expect(fresh.lazyBuilds.count).toBe(0);
    const route = fresh.routeList.find((r) => r.operationId === 'listMembersInOrganizationById')!;
    expect(fresh.schemaFields(route.response)).toContain('items');
    expect(fresh.schemaFields(route.query)).toContain('role');
    expect(fresh.lazyBuilds.count).toBeGreaterThan(0);
    expect(fresh.lazyBuilds.count).toBeLessThan(15);
  });
  it('builds nothing until used, then once, and behaves as the schema it builds', () => {
    let built = 0;
    const Inner = lazy(() => (built++, z.object({ name: z.string().check(z.minLength(2)) })));
    const Outer = lazy(() => z.strictObject({ inner: Inner, tags: z.optional(z.array(Inner)) }));
    expect(built).toBe(0);
    expect(Outer.safeParse({ inner: { name: 'ok' } }).success).toBe(true);
    expect(built).toBe(1);
    const bad = Outer.safeParse({ inner: { name: 'x' }, extra: 1 });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => `${i.path.join('.')}:${i.code}`).sort()).toEqual([':unrecognized_keys', 'inner.name:too_small']);
    expect(Outer.safeParse({ inner: { name: 'ok' }, tags: [{ name: 'no' }, { name: '' }] }).success).toBe(false);
    expect(built).toBe(1);
    // What the rest of docsctl asks of a schema: instanceof, `in`, its definition, JSON Schema.
    expect(Outer instanceof z.ZodMiniType).toBe(true);
    expect('_zod' in Outer).toBe(true);
    expect(Outer._zod.def.type).toBe('object');
    expect(z.toJSONSchema(Outer)).toMatchObject({ type: 'object', properties: { inner: { type: 'object', properties: { name: { type: 'string', minLength: 2 } } } }, required: ['inner'] });
  });


  it('every top-level schema of src/api/schemas is lazy, and every shape of schemas shared by several, so a new one does not slow every start', () => {
    const dir = join('src', 'api', 'schemas');
    // lazy.ts is the mechanism, not a schema.
    const eager = readdirSync(dir).filter((name) => name !== 'lazy.ts').flatMap((name) =>
      readFileSync(join(dir, name), 'utf8').split('\n')
        // `= z.…` is a schema; `= {` an object whose values are.
        .filter((line) => /^(export )?const \w+(: [^=]+)? = (z\.|\{)/.test(line))
        .map((line) => `${name}: ${line}`),
    );
    expect(eager).toEqual([]);
  });

  it('a lazy shape spreads into a schema as the object it builds', () => {
    const Shape = lazy(() => ({ id: z.string(), size: z.optional(z.number()) }));
    const schema = z.strictObject({ ...Shape, name: z.string() });
    expect(schema.safeParse({ id: 'a', name: 'n', size: 2 }).success).toBe(true);
    expect(schema.safeParse({ id: 'a', name: 'n', size: 'big' }).success).toBe(false);
    expect(Object.keys(schema._zod.def.shape)).toEqual(['id', 'size', 'name']);
  });

  it('a route names its path parameters in order', () => {
    for (const r of routeList) expect(r.params, r.operationId).toEqual([...r.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]));
    expect(routeList.find((r) => r.operationId === 'getMemberInOrganizationById')!.params).toEqual(['organizationId', 'userId']);
  });
});
