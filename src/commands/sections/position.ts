import { UsageError } from '../../errors';

/** `--before`/`--after` of the structure moves: exactly one of them. */
export function oneSide(opts: { before?: string; after?: string }): { side: 'before' | 'after'; ref: string } {
  if (opts.before !== undefined && opts.after !== undefined) throw new UsageError('--before and --after cannot be combined');
  if (opts.before === undefined && opts.after === undefined) throw new UsageError('nothing to do: pass --before ID or --after ID');
  return opts.before !== undefined ? { side: 'before', ref: opts.before } : { side: 'after', ref: opts.after! };
}

/** A top-level neighbour: a section id, or `group:ID` for a section group. */
export function topLevelRef(ref: string): { kind: 'section' | 'group'; id: string } {
  if (ref.startsWith('group:')) {
    const id = ref.slice('group:'.length);
    if (!id) throw new UsageError(`expected a section id or group:ID, got "${ref}"`);
    return { kind: 'group', id };
  }
  return { kind: 'section', id: ref.startsWith('section:') ? ref.slice('section:'.length) : ref };
}
