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

/** Every command group of the CLI. */
export function registerCommands(program: Command, ctx: Context): void {
  for (const register of [
    registerInit, registerOrgs, registerMembers, registerTeams, registerInvites, registerSaml, registerSso,
    registerUsers, registerTokens, registerAuth, registerApi, registerServe,
  ]) {
    register(program, ctx);
  }
}
