import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { ApiError } from '../../api/errors';
import { UsageError } from '../../errors';
import { pick } from '../../output/prompts';
import type { Column } from '../../output/render';
import { idColumn, statusColumn } from '../../output/column-kinds';
import { naturalWidth, table } from '../../output/table';
import { GAP } from '../../output/fit';
import { relativeTime } from '../../output/relative-time';
import { purgeDeadline } from './columns';
import { collectionTitles } from './collection-titles';
import type { Space } from '../../api/resources';

interface Outcome {
  id: string;
  /** `not deleted`: the space was live, nothing changed (not a failure: a re-run finds them so). */
  status: 'restored' | 'not deleted' | 'not found' | 'failed';
  space?: Space;
  error?: { code: number; message: string };
}

/**
 * The outcome of each restore. Machines get the collection's id (`in collection ID`); a table names it by
 * its title (`titles`, when this caller can list collections), with the id too when `withIds`.
 */
function outcomeColumns(titles: ReadonlyMap<string, string>, withIds: boolean): Column<Outcome>[] {
  const where = (o: Outcome, named: boolean) => {
    const parent = o.space?.parent;
    if (o.error) return o.error.message;
    if (!parent) return 'at the top level';
    const title = named ? titles.get(parent) : undefined;
    return title === undefined ? `in collection ${parent}` : `in collection "${title}"${withIds ? ` (${parent})` : ''}`;
  };
  return [
    idColumn((o) => o.id),
    { header: 'TITLE', value: (o) => o.space?.title, priority: 1 },
    statusColumn((o) => o.status),
    { header: 'DETAIL', value: (o) => where(o, false), show: (o) => where(o, true), overflow: 'wrap' },
  ];
}

/** The table of outcomes for a terminal: the collection's id beside its title when every row fits whole with it. */
async function outcomeTable(ctx: Context, outcomes: Outcome[]): Promise<Column<Outcome>[]> {
  const titles = ctx.out.tty && outcomes.some((o) => o.space?.parent) ? await collectionTitles(ctx, await ctx.organizationId()) : new Map<string, string>();
  const view = { now: ctx.now(), paint: (text: string) => text };
  const withIds = outcomeColumns(titles, true);
  const natural = withIds.reduce((sum, column) => sum + naturalWidth(column, outcomes, view), 0) + GAP * (withIds.length - 1);
  return natural <= ctx.out.width ? withIds : outcomeColumns(titles, false);
}

/** Room the pick-list takes before each entry: its cursor and its box (`❯◯ `), and a column to spare. */
const PICK_PREFIX = 4;

/**
 * A deleted space as one entry of the pick-list, one line each on the terminal: what identifies it (its
 * id, and who deleted it when) whole, the title cut to fit, and the purge deadline where there is room.
 */
const pickColumns = (now: Date): Column<Space>[] => [
  { header: '', value: (s) => s.title, priority: 2 },
  { ...idColumn((s) => s.id, '') },
  { header: '', value: (s) => `deleted ${relativeTime(s.deletedAt, now)} by ${s.deletedBy?.displayName || s.deletedBy?.email || 'unknown'}`, priority: 1, whole: true },
  { header: '', value: (s) => `purged ${purgeDeadline(s.deletedAt, now)}`, priority: 3, whole: true },
];

/** With no ids on a terminal: a pick-list of the spaces deleted in the last 7 days. */
async function pickDeleted(ctx: Context): Promise<string[]> {
  const organizationId = await ctx.organizationId();
  const api = await ctx.client();
  const now = ctx.now();
  const spaces: Space[] = [];
  for await (const s of api.paginate(routes.listSpaces, { params: { organizationId }, query: { deleted: true, limit: 1000 } })) spaces.push(s);
  if (!spaces.length) return [];
  // Aligned as a table without its header, so the entries read as columns.
  const lines = table(spaces, pickColumns(now), { now, paint: (text) => text, width: Math.max(20, ctx.out.width - PICK_PREFIX) }).text.split('\n').slice(1);
  const choices = spaces.map((s, i) => ({ name: lines[i], value: s.id, short: s.title }));
  const picked = await pick(ctx.io.prompter, 'Spaces to restore (space to tick, enter to confirm)', choices);
  if (!picked.length) throw new UsageError('cancelled: no space picked');
  return picked;
}

export function registerRestore(group: Command, ctx: Context): void {
  group
    .command('restore')
    .argument('[ids...]', 'ids of deleted spaces (none, on a terminal: pick from a list)')
    .description('restore spaces deleted in the last 7 days, each one to where it was (admins); keeps going past failures')
    .addHelpText('after', '\nExamples:\n  $ docsctl spaces restore                      # on a terminal: pick from the deleted spaces\n  $ docsctl spaces restore SPACE_ID OTHER_SPACE_ID\n  $ docsctl spaces deleted --json | jq -r ".items[].id" | xargs docsctl spaces restore')
    .action(async (ids: string[]) => {
      let spaceIds = [...new Set(ids)];
      if (!spaceIds.length) {
        if (!ctx.interactive) throw new UsageError(`missing required argument 'ids': give the ids of the spaces to restore (see: docsctl spaces deleted; ${ctx.whyNoPrompt().replace('confirm', 'pick')})`);
        spaceIds = await pickDeleted(ctx);
        if (!spaceIds.length) {
          ctx.out.message('No spaces were deleted in the last 7 days: nothing to restore.');
          return;
        }
      }
      const api = await ctx.client();
      const outcomes: Outcome[] = [];
      for (const spaceId of spaceIds) {
        try {
          const space = await api.call(routes.restoreSpace, { params: { spaceId } });
          // docsctl's `restored: false`: the space was not deleted. An instance without the field: restored.
          outcomes.push({ id: spaceId, status: space.restored === false ? 'not deleted' : 'restored', space });
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          const gone = error.status === 404 || error.status === 410;
          outcomes.push({ id: spaceId, status: gone ? 'not found' : 'failed', error: { code: error.status, message: error.message } });
        }
      }
      const failed = outcomes.filter((o) => o.status === 'not found' || o.status === 'failed');
      const spacesWith = (status: Outcome['status']) => outcomes.flatMap((o) => (o.status === status && o.space ? [o.space] : []));
      const restored = spacesWith('restored');
      const live = spacesWith('not deleted');
      if (ctx.out.json) {
        ctx.out.raw({ restored, notDeleted: live, failed: failed.map((o) => ({ id: o.id, error: o.error })) });
      } else {
        await ctx.out.list(outcomes, await outcomeTable(ctx, outcomes));
      }
      // Only real restores count; a space that was not deleted is said, and is no failure (exit 0).
      const notDeleted = live.length ? `; ${live.length} ${live.length === 1 ? 'was' : 'were'} not deleted (nothing to restore)` : '';
      ctx.out.message(`Restored ${restored.length} of ${outcomes.length} space(s)${notDeleted}.`);
      if (failed.length) {
        // Exit with the status of the first failure that is not a "not found", else not found (exit 5).
        const worst = failed.find((o) => o.status === 'failed') ?? failed[0];
        throw new ApiError(worst.error!.code, `could not restore ${failed.map((o) => `${o.id} (${o.status === 'not found' ? 'not found' : o.error!.message})`).join(', ')}`);
      }
    });
}
