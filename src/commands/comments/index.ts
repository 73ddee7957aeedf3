import type { Command } from 'commander';
import type { Context } from '../../context';

/** `docsctl comments` (issue 5; filled in by its builder). */
export function registerComments(program: Command, ctx: Context): void {
  void program; void ctx;
}
