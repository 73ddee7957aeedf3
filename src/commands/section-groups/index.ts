import type { Command } from 'commander';
import type { Context } from '../../context';

/** `docsctl section-groups` (issue 6; filled in by its builder). */
export function registerSectionGroups(program: Command, ctx: Context): void {
  void program; void ctx;
}
