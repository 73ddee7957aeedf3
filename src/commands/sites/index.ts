import type { Command } from 'commander';
import type { Context } from '../../context';

/** `docsctl sites` (issue 6; filled in by its builder). */
export function registerSites(program: Command, ctx: Context): void {
  void program; void ctx;
}
