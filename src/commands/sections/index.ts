import type { Command } from 'commander';
import type { Context } from '../../context';

/** `docsctl sections` (issue 6; filled in by its builder). */
export function registerSections(program: Command, ctx: Context): void {
  void program; void ctx;
}
