import type { Command } from 'commander';
import type { Context } from '../../context';
import { registerStatusVerb } from './resolve';

export const registerReopen = (group: Command, ctx: Context) => registerStatusVerb(group, ctx, 'reopen');
