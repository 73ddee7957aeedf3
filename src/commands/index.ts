import type { Command } from 'commander';
import type { Context } from '../context';
import { registerInit } from './init';
import { registerServe } from './serve';
import { registerApi } from './api';
import { registerAuth } from './auth/index';
import { registerTokens } from './tokens/index';
import { registerOrgs } from './orgs/index';
import { registerMembers } from './members/index';
import { registerTeams } from './teams/index';
import { registerInvites } from './invites/index';
import { registerSaml } from './saml/index';
import { registerSso } from './sso/index';
import { registerUsers } from './users/index';
import { registerSpaces } from './spaces/index';
import { registerCollections } from './collections/index';
import { registerCustomFields } from './custom-fields/index';
import { registerDb } from './db/index';

type Register = (program: Command, ctx: Context) => void;

/** Every command of the CLI, by the first word that invokes it. */
const GROUPS: Record<string, Register> = {
  init: registerInit,
  orgs: registerOrgs,
  members: registerMembers,
  teams: registerTeams,
  invites: registerInvites,
  saml: registerSaml,
  sso: registerSso,
  users: registerUsers,
  spaces: registerSpaces,
  collections: registerCollections,
  'custom-fields': registerCustomFields,
  db: registerDb,
  tokens: registerTokens,
  login: registerAuth,
  logout: registerAuth,
  whoami: registerAuth,
  api: registerApi,
  serve: registerServe,
};

/** Global options that take a value, so the command word can be found after them. */
const VALUE_FLAGS = new Set(['--db', '--url', '--token', '--profile', '--as', '--org']);

function commandWord(argv: string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (VALUE_FLAGS.has(arg)) i++;
    else if (!arg.startsWith('-')) return arg;
  }
  return undefined;
}

/**
 * Registers the group the command line invokes, or every group when it names none (help, typos), so
 * start-up does not pay for building commands it will not run.
 */
export function registerCommands(program: Command, ctx: Context, argv: string[] = []): void {
  const word = commandWord(argv);
  const only = word === undefined || word === 'help' ? undefined : GROUPS[word];
  const registers = only ? [only] : [...new Set(Object.values(GROUPS))];
  for (const register of registers) register(program, ctx);
}
