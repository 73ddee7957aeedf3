import { expect } from 'vitest';
import { openEngine } from '../../src/engine/index';
import { createUserRow } from '../../src/engine/users';
import { insertOrganization } from '../../src/engine/organizations';
import type { RunResult } from './cli';

type Box = { env: Record<string, string>; run: (argv: string[]) => Promise<RunResult> };

/**
 * Someone who belongs to another organization only (a visitor of the sandbox's sites), with an API
 * token of their own. Returns the token.
 */
export async function visitorOfAnotherOrganization(box: Box, email: string): Promise<string> {
  const engine = await openEngine(box.env.DOCSCTL_DB);
  try {
    await insertOrganization(engine.core, { title: 'Elsewhere', adminUserId: (await createUserRow(engine.core, { email })).id });
  } finally {
    await engine.close();
  }
  const minted = await box.run(['tokens', 'create', '--user', email, '--name', 'visitor', '--json']);
  expect(minted.code, minted.stderr).toBe(0);
  return JSON.parse(minted.stdout).token as string;
}
