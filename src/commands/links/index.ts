import type { Command } from 'commander';
import type { Context } from '../../context';

/** `docsctl links` (issue 5; filled in by its builder). */
export function registerLinks(program: Command, ctx: Context): void {
  void program; void ctx;
}
