import { createRequire } from 'node:module';
import type jsep from 'jsep';
import { ConditionError, type ConditionNode } from './syntax';

/**
 * The condition language of site sections and site spaces (docs/decisions.md, "Adaptive content"):
 *
 *   condition  := or
 *   or         := and ( "||" and )*
 *   and        := equality ( "&&" equality )*
 *   equality   := unary ( ( "==" | "!=" ) unary )*
 *   unary      := "!" unary | primary
 *   primary    := claim | "true" | "false" | string | number | "(" or ")"
 *   claim      := "visitor.claims." name | "visitor.claims.unsigned." name
 *   name       := [A-Za-z_$][A-Za-z0-9_$]*
 *
 * jsep reads the text into its tree, configured to know only these operators and literals; `toNode`
 * then accepts only the node types above and turns them into a `ConditionNode`. Nothing is ever run
 * as JavaScript.
 */

/** The longest condition api.md allows. */
export const MAX_CONDITION_CHARS = 1024;
/** How deeply operators may nest (a chain of one operator, `a && b && c`, counts once). */
export const MAX_CONDITION_DEPTH = 32;

const NAME = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Where the tokens being read start (0-based); emptied before each parse, as an error may leave some. */
const starts: number[] = [];

// jsep is loaded the first time a condition is parsed, never at start-up (like ajv, adaptive.ts).
const load = createRequire(import.meta.url);
let parser: typeof jsep | undefined;

/** The parser the condition language needs: jsep with only its four binary operators, `!`, `true` and `false`. */
function configuredJsep(): typeof jsep {
  if (parser) return parser;
  // The vendor bundle is built from jsep's ES module: there, `default` is jsep.
  const loaded = load('jsep') as typeof jsep & { default?: typeof jsep };
  const reader: typeof jsep = loaded.default ?? loaded;
  reader.removeAllBinaryOps();
  reader.addBinaryOp('||', 1);
  reader.addBinaryOp('&&', 2);
  reader.addBinaryOp('==', 6);
  reader.addBinaryOp('!=', 6);
  reader.removeAllUnaryOps();
  reader.addUnaryOp('!');
  reader.removeAllLiterals();
  reader.addLiteral('true', true);
  reader.addLiteral('false', false);
  // jsep's nodes carry no position: note where each token starts, and put it on the token's node.
  // A number is the one token jsep reads without `after-token`, so the hook reads numbers itself.
  const isNumberStart = (code: number) => (code >= 48 && code <= 57) || code === 46;
  reader.hooks.add('gobble-token', function (env) {
    starts.push(this.index);
    if (isNumberStart(this.code)) env.node = this.gobbleNumericLiteral();
  });
  reader.hooks.add('after-token', (env) => {
    const start = starts.pop();
    if (env.node && start !== undefined) env.node.start = start;
  });
  parser = reader;
  return reader;
}

type JsepError = Error & { index?: number; description?: string };

/** Parses a condition, or throws a `ConditionError` naming the problem and its position. */
export function parseCondition(source: string): ConditionNode {
  if (source.length > MAX_CONDITION_CHARS) throw new ConditionError(`is longer than ${MAX_CONDITION_CHARS} characters`, MAX_CONDITION_CHARS + 1);
  if (!source.trim()) throw new ConditionError('is empty', 1);
  refuseStrictEquality(source);
  let tree: jsep.Expression;
  try {
    const parse = configuredJsep();
    starts.length = 0;
    tree = parse(source);
  } catch (error) {
    const { index, description } = error as JsepError;
    if (typeof index !== 'number') throw error;
    // A string ending in a backslash leaves jsep's index past the end.
    throw new ConditionError(describe(description ?? 'syntax error'), Math.min(index, source.length) + 1);
  }
  const node = toNode(tree, 1);
  requireCondition(node);
  if (depthOf(node) > MAX_CONDITION_DEPTH) throw new ConditionError(`nests operators more than ${MAX_CONDITION_DEPTH} levels deep`, 1);
  return node;
}

/** jsep's messages, said in the terms of this language where they would mislead. */
function describe(description: string): string {
  if (description === 'Unexpected ""') return 'ends too soon';
  if (description.startsWith('Expected expression after')) return `${description}: a claim, true, false, a string, a number or "("`;
  return description;
}

/** `===` and `!==` (the platform's examples write them) read as `==` and `=` to jsep: say what to write instead. */
function refuseStrictEquality(source: string): void {
  let quote: string | undefined;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i];
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = undefined;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
    } else if ((ch === '=' || ch === '!') && source.startsWith('==', i + 1)) {
      throw new ConditionError(`"${ch}==" is not supported: write "${ch === '=' ? '==' : '!='}" (comparisons never convert types)`, i + 1);
    }
  }
}

const positionOf = (node: jsep.Expression, fallback: number): number => (typeof node.start === 'number' ? node.start + 1 : fallback);

function toNode(node: jsep.Expression, parentPosition: number): ConditionNode {
  const position = positionOf(node, parentPosition);
  switch (node.type) {
    case 'Literal': {
      const value = (node as jsep.Literal).value;
      if (typeof value === 'boolean' || typeof value === 'string' || typeof value === 'number') return { kind: 'literal', value, position };
      throw new ConditionError('only true, false, strings and numbers are values', position);
    }
    case 'MemberExpression':
    case 'Identifier':
      return claimOf(node, position);
    case 'UnaryExpression': {
      const unary = node as jsep.UnaryExpression;
      return { kind: 'not', operand: toNode(unary.argument, position), position };
    }
    case 'BinaryExpression': {
      const binary = node as jsep.BinaryExpression;
      const kind = ({ '&&': 'and', '||': 'or', '==': 'equals', '!=': 'differs' } as const)[binary.operator as '&&'];
      const left = toNode(binary.left, position);
      return { kind, left, right: toNode(binary.right, left.position), position: left.position };
    }
    case 'Compound':
      throw new ConditionError('holds more than one expression: join them with && or ||', positionOf((node as jsep.Compound).body[1] ?? node, position));
    case 'CallExpression':
      throw new ConditionError('calls a function: conditions have no functions', position);
    case 'ArrayExpression':
      throw new ConditionError('holds a list ([…]): conditions have no lists', position);
    case 'ConditionalExpression':
      throw new ConditionError('uses "? :": write it with && and ||', position);
    default:
      throw new ConditionError(`uses ${node.type === 'ThisExpression' ? '"this"' : `a ${node.type}`}, which conditions do not have`, position);
  }
}

/** `visitor.claims.<name>` or `visitor.claims.unsigned.<name>`, from jsep's chain of member expressions. */
function claimOf(node: jsep.Expression, position: number): ConditionNode {
  const parts: string[] = [];
  let at: jsep.Expression = node;
  while (at.type === 'MemberExpression') {
    const member = at as jsep.MemberExpression;
    if (member.computed || member.property.type !== 'Identifier') throw new ConditionError('names a claim with [ ]: write visitor.claims.<name>', position);
    if (member.optional) throw new ConditionError('uses "?.": write visitor.claims.<name> (a missing claim is false)', position);
    parts.unshift((member.property as jsep.Identifier).name);
    at = member.object;
  }
  if (at.type !== 'Identifier') throw new ConditionError('expected visitor.claims.<name> or visitor.claims.unsigned.<name>', position);
  parts.unshift((at as jsep.Identifier).name);
  const path = parts.join('.');
  const unsigned = parts[2] === 'unsigned';
  const name = parts[unsigned ? 3 : 2];
  if (parts[0] !== 'visitor' || parts[1] !== 'claims' || name === undefined || parts.length !== (unsigned ? 4 : 3)) {
    throw new ConditionError(`"${path}" is not a claim: write visitor.claims.<name> or visitor.claims.unsigned.<name>`, position);
  }
  if (!NAME.test(name)) throw new ConditionError(`"${name}" is not a claim name (letters, digits, "_" or "$", not starting with a digit)`, position);
  return { kind: 'claim', unsigned, name, position };
}

/** A string or a number alone is no condition: only claims, true/false and what operators make of them are. */
function requireCondition(node: ConditionNode): void {
  const notAlone = (n: ConditionNode) => {
    if (n.kind === 'literal' && typeof n.value !== 'boolean') {
      throw new ConditionError(`${typeof n.value === 'string' ? 'a string' : 'a number'} is not true or false: compare it with == or !=`, n.position);
    }
  };
  switch (node.kind) {
    case 'literal':
      notAlone(node);
      return;
    case 'not':
      notAlone(node.operand);
      requireCondition(node.operand);
      return;
    case 'and':
    case 'or':
      notAlone(node.left);
      notAlone(node.right);
      requireCondition(node.left);
      requireCondition(node.right);
      return;
    case 'equals':
    case 'differs':
      for (const side of [node.left, node.right]) if (side.kind !== 'literal') requireCondition(side);
      return;
    default:
  }
}

/** Nesting depth; a chain of one operator (`a && b && c`, built left-deep) counts as one level. */
function depthOf(node: ConditionNode, parent?: ConditionNode['kind']): number {
  switch (node.kind) {
    case 'claim':
    case 'literal':
      return 0;
    case 'not':
      return 1 + depthOf(node.operand, node.kind);
    default: {
      const own = node.kind === parent ? 0 : 1;
      return own + Math.max(depthOf(node.left, node.kind), depthOf(node.right, node.kind));
    }
  }
}
