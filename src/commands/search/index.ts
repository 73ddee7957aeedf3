import type { Command } from 'commander';
import type { Context } from '../../context';

/** `docsctl search` (issue 5; filled in by its builder). */
export function registerSearch(program: Command, ctx: Context): void {
  void program; void ctx;
}
