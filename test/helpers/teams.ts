import { copyFileSync, existsSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { sandbox, sandboxIsOneFile, type RunResult } from './cli';

export const ACME = (name: string) => `${name}@acme.example`;

export interface ReportRow {
  line: number;
  user: string;
  email?: string;
  team?: string;
  action: string;
  status: 'ok' | 'skipped' | 'error';
  detail: string;
}

/**
 * The sample database of this test run, once one sandbox has run `init --sample` (issue 55: ~200 ms of
 * work, done 188 times a run before): a file named after the run's vitest process (the workers' parent),
 * removed by test/global-setup.ts. Only on SQLite with files in the database: a PostgreSQL database or
 * files in S3 are not one file to copy.
 */
const sampleTemplate = () => (sandboxIsOneFile() ? join(tmpdir(), `docsctl-sample-${process.ppid}.db`) : undefined);

/** A sandbox after `init --sample`, with helpers that read state back through the CLI. */
export async function sampleSandbox() {
  const s = sandbox();
  const template = sampleTemplate();
  if (template && existsSync(template)) copyFileSync(template, s.env.DOCSCTL_DB);
  else {
    const init = await s.run(['init', '--sample']);
    expect(init.code, init.stderr).toBe(0);
    // Written whole under another name, then renamed: another worker never copies half of it.
    if (template) {
      copyFileSync(s.env.DOCSCTL_DB, `${template}.${process.pid}`);
      renameSync(`${template}.${process.pid}`, template);
    }
  }

  const json = async <T>(argv: string[]): Promise<T> => {
    const r = await s.run([...argv, '--json']);
    expect(r.code, r.stderr).toBe(0);
    return JSON.parse(r.stdout) as T;
  };

  return {
    ...s,
    json,
    write(name: string, text: string): string {
      writeFileSync(join(s.dir, name), text);
      return name;
    },
    /** Team members as e-mail -> team role, read with `teams members list TEAM --json`. */
    async roster(team: string): Promise<Record<string, string>> {
      const list = await json<{ count: number; items: { organization: { user: { email: string } }; team: { role: string } }[] }>([
        'teams', 'members', 'list', team, '--limit', '1000',
      ]);
      expect(list.items).toHaveLength(list.count);
      return Object.fromEntries(list.items.map((m) => [m.organization.user.email, m.team.role]));
    },
    /** Organization roles as e-mail -> role (`guest` for null), read with `members list --json`. */
    async orgRoles(): Promise<Record<string, string>> {
      const list = await json<{ items: { role: string | null; user: { email: string } }[] }>(['members', 'list', '--limit', '1000']);
      return Object.fromEntries(list.items.map((m) => [m.user.email, m.role ?? 'guest']));
    },
    async teamTitles(): Promise<string[]> {
      const list = await json<{ items: { title: string }[] }>(['teams', 'list']);
      return list.items.map((t) => t.title).sort();
    },
    async memberId(email: string): Promise<string> {
      const list = await json<{ items: { id: string; user: { email: string } }[] }>(['members', 'list', '--limit', '1000']);
      const found = list.items.find((m) => m.user.email === email);
      expect(found, email).toBeDefined();
      return found!.id;
    },
  };
}

export type SampleSandbox = Awaited<ReturnType<typeof sampleSandbox>>;

/** Parses a `--json` bulk report. */
export function report(r: RunResult): { applied: boolean; rows: ReportRow[] } {
  return JSON.parse(r.stdout) as { applied: boolean; rows: ReportRow[] };
}

/** Rows of piped (tab-separated) output. */
export function tsvRows(text: string): string[][] {
  return text.split('\n').filter(Boolean).map((line) => line.split('\t'));
}

export const ENGINEERING = [
  'alan.turing', 'linus.torvalds', 'dennis.ritchie', 'ken.thompson', 'radia.perlman', 'shafi.goldwasser',
  'guido.van.rossum', 'sophie.wilson', 'adele.goldberg', 'ward.cunningham', 'yukihiro.matsumoto',
].map(ACME);

export const DESIGN = ['hedy.lamarr', 'jean.sammet', 'adele.goldberg', 'lynn.conway'].map(ACME);
