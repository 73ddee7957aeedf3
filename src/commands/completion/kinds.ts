/**
 * What a flag's or argument's value is, for completion: ids looked up through the API, or a path.
 * Keyed by the names the commands use, so a new command with `--space` completes space ids for free.
 */
export type ValueKind = 'org' | 'space' | 'team' | 'collection' | 'site' | 'file';

export const DYNAMIC_KINDS = ['org', 'space', 'team', 'collection', 'site'] as const;
export type DynamicKind = (typeof DYNAMIC_KINDS)[number];

const OPTION_KINDS: Record<string, ValueKind> = {
  '--org': 'org',
  '--to': 'org',
  '--organization': 'org',
  '--space': 'space',
  '--team': 'team',
  '--default-team': 'team',
  '--collection': 'collection',
  '--parent': 'collection',
  '--db': 'file',
  '--database': 'file',
  '--file': 'file',
  '--input': 'file',
  '--output': 'file',
  '--body-file': 'file',
  '--certificate-file': 'file',
  '--logo': 'file',
};

const ARGUMENT_KINDS: Record<string, ValueKind> = {
  org: 'org',
  team: 'team',
  site: 'site',
  dir: 'file',
  file: 'file',
  'file-or-url': 'file',
};

export function kindOfOption(long: string, path: string[]): ValueKind | '' {
  // `content diff --from/--to` name revisions, not organizations.
  if (path[0] === 'content' && path[1] === 'diff') return '';
  return OPTION_KINDS[long] ?? '';
}

/** `id`/`ids` mean a space under `spaces` and a collection under `collections`. */
export function kindOfArgument(path: string[], name: string): ValueKind | '' {
  if (name === 'id' || name === 'ids') {
    if (path[0] === 'spaces') return 'space';
    if (path[0] === 'collections') return 'collection';
    return '';
  }
  if (name === 'file' && path[0] === 'content') return ''; // content download FILE is a file id
  return ARGUMENT_KINDS[name] ?? '';
}

export function isDynamic(kind: string): kind is DynamicKind {
  return (DYNAMIC_KINDS as readonly string[]).includes(kind);
}
