import { describe, expect, it } from 'vitest';
import { toPostgres } from '../../src/engine/store/postgres-dialect';

/** The engine's statements as PostgreSQL reads them (src/engine/store/postgres-dialect.ts). */
describe('statements translated for PostgreSQL', () => {
  it('reads membership in a JSON array as a scalar array condition, which an index answers; NOT IN keeps the set', () => {
    expect(toPostgres('SELECT a FROM t WHERE b = ? AND c IN (SELECT value FROM json_each(?)) AND d = ?'))
      .toBe('SELECT a FROM t WHERE b = $1 AND c = ANY(ARRAY(SELECT json_array_elements_text(($2)::json))) AND d = $3');
    expect(toPostgres('SELECT a FROM t WHERE c NOT IN (SELECT value FROM json_each(?))'))
      .toBe('SELECT a FROM t WHERE c NOT IN (SELECT value FROM json_array_elements_text(($1)::json))');
    expect(toPostgres('SELECT value FROM json_each(o.email_domains) d')).toBe('SELECT value FROM json_array_elements_text((o.email_domains)::json) d');
  });

  it('keeps the set for the membership of an expression (a hashed semi-join: no index covers it)', () => {
    expect(toPostgres('SELECT a FROM t WHERE b = ? AND lower(c) IN (SELECT value FROM json_each(?))'))
      .toBe('SELECT a FROM t WHERE b = $1 AND lower(c) IN (SELECT value FROM json_array_elements_text(($2)::json))');
  });
});
