import type { Command } from 'commander';
import type { Context } from '../../context';
import { registerExport } from './export';
import { registerImport } from './import';

/** `export` and `import`: an organization to an archive and back, between any two instances. */
export function registerOrgArchive(program: Command, ctx: Context): void {
  registerExport(program, ctx);
  registerImport(program, ctx);
}
