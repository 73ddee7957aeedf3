import type { Command } from 'commander';
import type { Context } from '../../context';
import { registerScript } from './script';
import { registerComplete } from './complete';

/** `docsctl completion SHELL`, and the hidden `__complete` its scripts call for ids. */
export function registerCompletion(program: Command, ctx: Context): void {
  for (const register of [registerScript, registerComplete]) register(program, ctx);
}
