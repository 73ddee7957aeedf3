import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { registerMergeLike } from './merge';

export function registerUpdateFromMain(group: Command, ctx: Context): void {
  registerMergeLike(group, ctx, 'update-from-main', "bring the space's current content into the change request", routes.updateChangeRequestFromMain, 'Updated');
}
