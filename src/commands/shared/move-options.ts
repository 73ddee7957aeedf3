import type { Command } from 'commander';
import { UsageError } from '../../errors';

export interface MoveOptions {
  before?: string;
  after?: string;
  root?: boolean;
}

/** `--before TYPE:ID` / `--after TYPE:ID`: the sibling (a space or a collection) to place the item next to. */
export function withPositionOptions(command: Command): Command {
  return command
    .option('--before <type:id>', 'place it just before this sibling: space:ID or collection:ID')
    .option('--after <type:id>', 'place it just after this sibling: space:ID or collection:ID')
    .option('--root', 'move it to the top level of the organization');
}

interface Sibling {
  type: 'space' | 'collection';
  space?: string;
  collection?: string;
}

function sibling(flag: string, ref: string): Sibling {
  const [type, ...rest] = ref.split(':');
  const id = rest.join(':');
  if ((type !== 'space' && type !== 'collection') || !id) {
    throw new UsageError(`${flag}: expected space:ID or collection:ID, got "${ref}"`);
  }
  return type === 'space' ? { type, space: id } : { type, collection: id };
}

/**
 * The body of a move request. `parent` is the new parent collection (`--parent`/`--collection`);
 * `--root` makes it null; neither keeps the current parent.
 */
export function moveBody(
  parentFlag: string,
  parent: string | undefined,
  opts: MoveOptions,
): { parent?: string | null; position?: { before?: Sibling; after?: Sibling } } {
  if (parent !== undefined && opts.root) throw new UsageError(`${parentFlag} and --root cannot be combined`);
  if (opts.before !== undefined && opts.after !== undefined) throw new UsageError('--before and --after cannot be combined');
  if (parent === undefined && !opts.root && opts.before === undefined && opts.after === undefined) {
    throw new UsageError(`nothing to do: pass ${parentFlag} ID, --root, --before TYPE:ID or --after TYPE:ID`);
  }
  const position = opts.before !== undefined
    ? { before: sibling('--before', opts.before) }
    : opts.after !== undefined ? { after: sibling('--after', opts.after) } : undefined;
  return { ...(opts.root ? { parent: null } : parent !== undefined ? { parent } : {}), ...(position ? { position } : {}) };
}
