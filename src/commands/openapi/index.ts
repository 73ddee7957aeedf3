import type { Command } from 'commander';
import type { Context } from '../../context';

/** `docsctl openapi` (issue 7; filled in by its builder). */
export function registerOpenapi(program: Command, ctx: Context): void {
  void program; void ctx;
}
