import type { Context } from '../../context';

/** The instance a command works on, as a URL: the remote URL, or the local database file. */
export function instanceUrl(ctx: Context): string {
  const target = ctx.target();
  return target.mode === 'remote' ? target.url : `file://${target.db}`;
}
