import { Option, type Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { UsageError } from '../../errors';
import { ROLES, type Role } from '../../domain/roles';
import { VISIBILITIES, type Visibility } from '../../domain/values';
import { spaceDetail } from './columns';
import { nullable } from '../shared/nullable';

interface Opts {
  title?: string;
  emoji?: string;
  visibility?: Visibility;
  editMode?: 'live' | 'locked';
  defaultLevel?: string;
}

export function registerUpdate(group: Command, ctx: Context): void {
  group
    .command('update')
    .argument('<id>', 'space id')
    .description("change a space's title, emoji or settings (settings need the admin role on the space)")
    .option('--title <title>', 'new title (1-50 characters)')
    .option('--emoji <emoji>', 'new emoji ("" removes it)')
    .addOption(new Option('--visibility <visibility>', 'who can read it').choices([...VISIBILITIES]))
    .addOption(new Option('--edit-mode <mode>', 'live: edit directly; locked: only through change requests').choices(['live', 'locked']))
    .addOption(new Option('--default-level <role>', 'role every member gets on it (guest = none)').choices([...ROLES, 'guest']))
    .addHelpText('after', '\nExamples:\n  $ docsctl spaces update SPACE_ID --title "API reference v2"\n  $ docsctl spaces update SPACE_ID --visibility public --edit-mode locked --default-level read')
    .action(async (spaceId: string, opts: Opts) => {
      if (Object.values(opts).every((v) => v === undefined)) {
        throw new UsageError('nothing to update: pass --title, --emoji, --visibility, --edit-mode or --default-level');
      }
      const api = await ctx.client();
      const updated = await api.call(routes.updateSpaceById, {
        params: { spaceId },
        body: {
          title: opts.title,
          emoji: opts.emoji,
          visibility: opts.visibility,
          editMode: opts.editMode,
          defaultLevel: nullable(opts.defaultLevel) as Role | null | undefined,
        },
      });
      ctx.out.message(`Updated space ${updated.title} (${updated.id}).`);
      await ctx.out.object(updated, spaceDetail);
    });
}
