import { homedir } from 'node:os';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';

export type Env = Record<string, string | undefined>;

/** The global flags every command accepts. */
export interface GlobalFlags {
  db?: string;
  database?: string;
  databasePasswordFile?: string;
  files?: string;
  filesEndpoint?: string;
  url?: string;
  token?: string;
  profile?: string;
  as?: string;
  org?: string;
  /** Bare `--json`: true (or ''); `--json FIELDS`: the field list. */
  json?: boolean | string;
  jq?: string;
  format?: string;
}

export interface Profile {
  url: string;
  token: string;
  org?: string;
}

export interface ProfileFile {
  current?: string;
  profiles?: Record<string, Profile>;
}

export type Target =
  | { mode: 'local'; db: string; as?: string; org?: string; source: string }
  | { mode: 'remote'; url: string; token?: string; org?: string; profile?: string; source: string };

export function configDir(env: Env): string {
  if (env.DOCSCTL_CONFIG_DIR) return env.DOCSCTL_CONFIG_DIR;
  return join(env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config'), 'docsctl');
}

export function defaultDbPath(env: Env): string {
  return join(env.XDG_DATA_HOME || join(env.HOME || homedir(), '.local', 'share'), 'docsctl', 'docsctl.db');
}

/**
 * Reads saved profiles without loading `conf` (which writes them): every command needs to know whether a
 * profile is active, and this keeps that off the start-up path. Same file, same format.
 */
export function readProfiles(env: Env): ProfileFile {
  try {
    return JSON.parse(readFileSync(join(configDir(env), 'config.json'), 'utf8')) as ProfileFile;
  } catch {
    return {};
  }
}

export class ConfigError extends Error {}

/** Where commands go: flag > environment > saved profile > local default database. */
export function resolveTarget(flags: GlobalFlags, env: Env): Target {
  const org = flags.org ?? env.DOCSCTL_ORG;
  const fromProfile = (name: string, source: string): Target => {
    const profile = readProfiles(env).profiles?.[name];
    if (!profile) throw new ConfigError(`no saved profile "${name}" (create it with: docsctl login --url URL --token TOKEN --profile ${name})`);
    return { mode: 'remote', url: profile.url, token: flags.token ?? env.DOCSCTL_TOKEN ?? profile.token, org: org ?? profile.org, profile: name, source };
  };
  if (flags.db) return { mode: 'local', db: flags.db, as: flags.as, org, source: '--db' };
  if (flags.database) return { mode: 'local', db: flags.database, as: flags.as, org, source: '--database' };
  if (flags.url) return { mode: 'remote', url: flags.url, token: flags.token ?? env.DOCSCTL_TOKEN, org, source: '--url' };
  if (flags.profile) return fromProfile(flags.profile, '--profile');
  if (env.DOCSCTL_DB) return { mode: 'local', db: env.DOCSCTL_DB, as: flags.as, org, source: 'DOCSCTL_DB' };
  if (env.DOCSCTL_DATABASE_URL) return { mode: 'local', db: env.DOCSCTL_DATABASE_URL, as: flags.as, org, source: 'DOCSCTL_DATABASE_URL' };
  if (env.DOCSCTL_URL) return { mode: 'remote', url: env.DOCSCTL_URL, token: flags.token ?? env.DOCSCTL_TOKEN, org, source: 'DOCSCTL_URL' };
  if (env.DOCSCTL_PROFILE) return fromProfile(env.DOCSCTL_PROFILE, 'DOCSCTL_PROFILE');
  const current = readProfiles(env).current;
  if (current) return fromProfile(current, 'saved profile');
  return { mode: 'local', db: defaultDbPath(env), as: flags.as, org, source: 'default' };
}

