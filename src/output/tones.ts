import type { Tone } from './palette';

/** Roles: admins stand out (they can do anything), guests recede. */
export function roleTone(role: string | null | undefined): Tone | undefined {
  if (role === 'admin') return 'warn';
  if (!role || role === 'guest') return 'muted';
  return undefined;
}

const STATUS_TONES: Record<string, Tone> = {
  open: 'good',
  merged: 'done',
  draft: 'muted',
  archived: 'muted',
  conflicts: 'bad',
  deleted: 'bad',
  failed: 'bad',
  broken: 'bad',
  purging: 'bad',
  error: 'bad',
  restored: 'good',
  'not deleted': 'muted',
};

/** Statuses of change requests, links, specs and deleted spaces. */
export function statusTone(status: unknown): Tone | undefined {
  return typeof status === 'string' ? STATUS_TONES[status] : undefined;
}
