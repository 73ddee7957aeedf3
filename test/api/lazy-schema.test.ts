import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod/mini';
import { lazy, lazyBuilds } from '../../src/api/schemas/lazy';
import { routeList } from '../../src/api/routes/index';
import { schemaFields } from '../../src/output/fields';

describe('lazy(): a schema built on first use', () => {
  it('loading the route table builds none of its schemas; using a route builds only what that route needs', () => {
    expect(routeList.length).toBeGreaterThan(150);
    expect(lazyBuilds.count).toBe(0);
    const route = routeList.find((r) => r.operationId === 'listMembersInOrganizationById')!;
    expect(schemaFields(route.response)).toContain('items');
    expect(schemaFields(route.query)).toContain('role');
    expect(lazyBuilds.count).toBeGreaterThan(0);
    expect(lazyBuilds.count).toBeLessThan(15);
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


  it('every top-level schema of src/api/schemas is lazy, so a new one does not slow every start', () => {
    const dir = join('src', 'api', 'schemas');
    const eager = readdirSync(dir).flatMap((name) =>
      readFileSync(join(dir, name), 'utf8').split('\n').filter((line) => /^(export )?const \w+(: [^=]+)? = z\./.test(line)).map((line) => `${name}: ${line}`),
    );
    expect(eager).toEqual([]);
  });
});
