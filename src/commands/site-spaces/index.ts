import type { Command } from 'commander';
import type { Context } from '../../context';

/** `docsctl site-spaces` (issue 6; filled in by its builder). */
export function registerSiteSpaces(program: Command, ctx: Context): void {
  void program; void ctx;
}
