import type * as z from 'zod/mini';

type Issue = z.core.$ZodIssue;

function fieldOf(path: PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out;
}

function unit(origin: string | undefined, n: number | bigint): string {
  if (origin === 'string') return `${n} character${n === 1 ? '' : 's'}`;
  if (origin === 'array' || origin === 'set') return `${n} item${n === 1 ? '' : 's'}`;
  return String(n);
}

function rule(issue: Issue): string {
  // A message given with the schema (`{ error: '...' }`) says it best; zod's own default is 'Invalid input'.
  if (issue.message && !issue.message.startsWith('Invalid input')) return issue.message;
  if (issue.input === undefined && (issue.code === 'invalid_value' || issue.code === 'invalid_union')) return 'is required';
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'is required' : `must be ${issue.expected === 'int' ? 'a whole number' : `of type ${issue.expected}`}`;
    case 'too_small':
      return issue.origin === 'string' && issue.minimum === 1 ? 'must not be empty' : `must be at least ${unit(issue.origin, issue.minimum)}`;
    case 'too_big':
      return `must be at most ${unit(issue.origin, issue.maximum)}`;
    case 'invalid_value':
      return `must be one of: ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'invalid_format':
      if (issue.format === 'url') return 'must be a valid http(s) URL';
      if (issue.format === 'email') return 'must be a valid e-mail address';
      if (issue.format === 'regex') return `must match the pattern ${(issue as { pattern?: string }).pattern ?? ''}`.trim();
      return `must be a valid ${issue.format}`;
    case 'unrecognized_keys':
      return 'is not a known field';
    case 'invalid_union': {
      const best = closest(issue);
      return best.length ? `does not match any accepted shape (${best.map((i) => describe(i, [])).join('; ')})` : 'does not match any accepted shape';
    }
    case 'invalid_key':
      return 'has an invalid key';
    case 'invalid_element':
      return 'has an invalid element';
    default:
      return issue.message;
  }
}

/** The branch of a union that came closest: the one with the fewest problems. */
const closest = (issue: Issue & { code: 'invalid_union' }) => [...issue.errors].sort((a, b) => a.length - b.length)[0] ?? [];

function describe(issue: Issue, prefix: PropertyKey[]): string {
  if (issue.code === 'invalid_union') {
    const best = closest(issue);
    // The input had the shape of a branch and broke only its own checks (a document tree's rules): name
    // each problem at its full path. Every branch wanting another type (an object): say just that.
    if (best.length && best.every((i) => i.code === 'custom')) return best.map((i) => describe(i, [...prefix, ...issue.path])).join('; ');
    const types = issue.errors.map((branch) => (branch.length === 1 && branch[0].code === 'invalid_type' && !branch[0].path.length ? branch[0].expected : undefined));
    if (types.length && types.every((t) => t !== undefined && t === types[0]) && issue.input !== undefined) {
      return `${fieldOf([...prefix, ...issue.path]) || ''}${issue.path.length || prefix.length ? ': ' : ''}must be of type ${types[0]}`;
    }
  }
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => `${fieldOf([...prefix, ...issue.path, key])}: is not a known field`).join('; ');
  }
  const field = fieldOf([...prefix, ...issue.path]);
  return field ? `${field}: ${rule(issue)}` : rule(issue);
}

/** Turns zod issues into one message that names each field and the rule it broke. */
export function formatIssues(issues: readonly Issue[], prefix: PropertyKey[] = []): string {
  return issues.map((issue) => describe(issue, prefix)).join('; ');
}
