/**
 * The tree a condition parses into (see `parse.ts` for the grammar). Every node carries the 1-based
 * position of its first character in the source, so a later check (an unknown claim) can name it.
 */
export type ConditionNode =
  | { kind: 'claim'; unsigned: boolean; name: string; position: number }
  | { kind: 'literal'; value: boolean | string | number; position: number }
  | { kind: 'not'; operand: ConditionNode; position: number }
  | { kind: 'and' | 'or' | 'equals' | 'differs'; left: ConditionNode; right: ConditionNode; position: number };

/** A condition that does not parse: what is wrong and where (1-based character position). */
export class ConditionError extends Error {
  constructor(readonly reason: string, readonly position: number) {
    super(`${reason} at position ${position}`);
    this.name = 'ConditionError';
  }
}

/** How a claim is written in a condition. */
export function claimPath(node: { unsigned: boolean; name: string }): string {
  return `visitor.claims.${node.unsigned ? 'unsigned.' : ''}${node.name}`;
}

/** Every claim a condition names, in source order (repeats kept). */
export function claimsIn(node: ConditionNode): Extract<ConditionNode, { kind: 'claim' }>[] {
  switch (node.kind) {
    case 'claim':
      return [node];
    case 'literal':
      return [];
    case 'not':
      return claimsIn(node.operand);
    default:
      return [...claimsIn(node.left), ...claimsIn(node.right)];
  }
}
