import type { Core } from '../core';
import { conflict, invalid } from '../errors';
import { ConditionError, claimPath, claimsIn, parseCondition, type ConditionNode } from '../../domain/condition/index';
import type { SiteRow } from './rows';

/** The claims an adaptive schema declares: its boolean properties, and those of its `unsigned` object. */
export interface DeclaredClaims {
  signed: Set<string>;
  unsigned: Set<string>;
}

type Properties = Record<string, { properties?: Record<string, unknown> }>;

export function declaredClaims(schema: Record<string, unknown>): DeclaredClaims {
  const properties = (schema.properties ?? {}) as Properties;
  return {
    signed: new Set(Object.keys(properties).filter((name) => name !== 'unsigned')),
    unsigned: new Set(Object.keys(properties.unsigned?.properties ?? {})),
  };
}

/** The claims of the site's stored adaptive schema; undefined before one is PUT (then any claim may be named). */
function siteClaims(site: SiteRow): DeclaredClaims | undefined {
  return site.adaptive_schema ? declaredClaims(JSON.parse(site.adaptive_schema) as Record<string, unknown>) : undefined;
}

/** Claims a condition names that `declared` does not hold, in source order. */
function undeclared(node: ConditionNode, declared: DeclaredClaims) {
  return claimsIn(node).filter((claim) => !(claim.unsigned ? declared.unsigned : declared.signed).has(claim.name));
}

/**
 * A `condition` given to a section or site space: it must parse, and name only claims the site's
 * adaptive schema declares (when the site has one). 400 naming `condition` and the position otherwise.
 */
export function checkCondition(site: SiteRow, condition: string): void {
  let node: ConditionNode;
  try {
    node = parseCondition(condition);
  } catch (error) {
    if (error instanceof ConditionError) throw invalid(`condition: ${error.message}`);
    throw error;
  }
  const declared = siteClaims(site);
  const [unknown] = declared ? undeclared(node, declared) : [];
  if (unknown) {
    throw invalid(`condition: ${claimPath(unknown)} at position ${unknown.position} is not declared by the site's adaptive schema (declared: ${describeClaims(declared!)})`);
  }
}

function describeClaims(declared: DeclaredClaims): string {
  const names = [...declared.signed, ...[...declared.unsigned].map((name) => `unsigned.${name}`)];
  return names.length ? names.join(', ') : 'none';
}

/**
 * Before an adaptive schema replaces the site's: 409 listing every section and site space whose
 * condition names a claim the new schema no longer declares. Conditions that do not parse (stored
 * before they were checked) name nothing for certain and are left out.
 */
export async function refuseBreakingSchema(core: Core, siteId: string, schema: Record<string, unknown>): Promise<void> {
  const declared = declaredClaims(schema);
  const conditioned = await core.all<{ kind: string; id: string; condition: string }>(
    `SELECT 'section' AS kind, id, condition, position, 0 AS nesting FROM site_sections WHERE site_id = ? AND condition IS NOT NULL
     UNION ALL SELECT 'site space', id, condition, position, 1 FROM site_spaces WHERE site_id = ? AND condition IS NOT NULL
     ORDER BY nesting, position, id`,
    [siteId, siteId],
  );
  const broken: string[] = [];
  for (const item of conditioned) {
    let node: ConditionNode;
    try {
      node = parseCondition(item.condition);
    } catch {
      continue;
    }
    const missing = [...new Set(undeclared(node, declared).map(claimPath))];
    if (missing.length) broken.push(`${item.kind} ${item.id} (${missing.join(', ')})`);
  }
  if (broken.length) {
    throw conflict(`jsonSchema: these conditions name claims the new schema does not declare: ${broken.join('; ')}. Change or remove the conditions first`);
  }
}
