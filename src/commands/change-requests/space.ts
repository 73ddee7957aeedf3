import type { Command } from 'commander';

/** `--space`, on every change request verb. */
export const withSpace = (c: Command) => c.requiredOption('--space <id>', 'the space');
