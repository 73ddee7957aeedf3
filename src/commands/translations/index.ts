import type { Command } from 'commander';
import type { Context } from '../../context';

/** `docsctl translations` (issue 7; filled in by its builder). */
export function registerTranslations(program: Command, ctx: Context): void {
  void program; void ctx;
}
