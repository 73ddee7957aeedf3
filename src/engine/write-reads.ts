import { membershipRead } from './access';
import { targetsRead } from './audit';
import { spacePlaceRead } from './space-access';
import { memberSpaceRead } from './spaces';
import type { Statement } from './store/store';

/**
 * What an audited write of the API reads first, before it changes anything: where its space is (the
 * app checks it has not moved, and the space's access check reads it), the space as the caller sees it
 * (with their rank: the access check's row), what its targets are called (the audit record's), and the
 * caller's membership (every access check's). The app hands them to the write's transaction
 * (`TransactionOptions.readAhead`): on PostgreSQL they go with its BEGIN, in one round trip, where each
 * was one of its own.
 */
export function writeReadsAhead(params: Record<string, string>, organizationId: string, userId: string): Statement[] {
  const targets = targetsRead(params);
  return [
    ...(params.spaceId ? [spacePlaceRead(params.spaceId), memberSpaceRead(userId, params.spaceId, organizationId)] : []),
    ...(targets ? [targets] : []),
    membershipRead(organizationId, userId),
  ];
}
