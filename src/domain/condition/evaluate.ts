import type { ConditionNode } from './syntax';

/** What a visitor brings: signed claims (a visitor token's) and unsigned ones (from the request). */
export interface VisitorClaims {
  signed: Record<string, unknown>;
  unsigned: Record<string, unknown>;
}

export const NO_CLAIMS: VisitorClaims = { signed: {}, unsigned: {} };

/** A claim's value; a missing claim is false. Own properties only, so `constructor` is no claim. */
function claimValue(claims: Record<string, unknown>, name: string): unknown {
  return Object.hasOwn(claims, name) ? claims[name] : false;
}

function valueOf(node: ConditionNode, claims: VisitorClaims): unknown {
  switch (node.kind) {
    case 'claim':
      return claimValue(node.unsigned ? claims.unsigned : claims.signed, node.name);
    case 'literal':
      return node.value;
    case 'not':
      return valueOf(node.operand, claims) !== true;
    case 'and':
      return valueOf(node.left, claims) === true && valueOf(node.right, claims) === true;
    case 'or':
      return valueOf(node.left, claims) === true || valueOf(node.right, claims) === true;
    case 'equals':
      return valueOf(node.left, claims) === valueOf(node.right, claims);
    case 'differs':
      return valueOf(node.left, claims) !== valueOf(node.right, claims);
  }
}

/**
 * Whether a condition holds for a visitor. Only the JSON value `true` is true: a claim that is
 * missing, `"yes"` or 1 is not; `==` compares without converting types.
 */
export function holds(node: ConditionNode, claims: VisitorClaims): boolean {
  return valueOf(node, claims) === true;
}
