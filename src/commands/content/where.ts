import type { Command } from 'commander';

/** Where content is read: a space, or one of its change requests with `--change-request`. */
export interface Where {
  space: string;
  changeRequest?: string;
}

/** `--space` and `--change-request`, on the verbs that read content. */
export const withWhere = (c: Command) =>
  c.requiredOption('--space <id>', 'the space').option('--change-request <id>', 'read the content of this change request (id or number)');

/** The route parameters of a change request's content. */
export const whereParams = (w: Where) => ({ spaceId: w.space, changeRequestId: w.changeRequest ?? '' });
