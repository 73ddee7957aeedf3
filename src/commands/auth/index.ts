import type { Command } from 'commander';
import type { Context } from '../../context';
import { registerLogin } from './login';
import { registerLogout } from './logout';
import { registerWhoami } from './whoami';

/** `login`, `logout` and `whoami`: top-level commands, no group word. */
export function registerAuth(program: Command, ctx: Context): void {
  for (const register of [registerLogin, registerLogout, registerWhoami]) register(program, ctx);
}
