import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { sandbox } from '../helpers/cli';
import { startServe } from '../helpers/serve';
import { describeProgram, type ProgramSpec } from '../../src/commands/completion/tree';
import { fullProgram } from '../help/examples';

type Box = Awaited<ReturnType<typeof sandbox>>;

const hasShell = (shell: string) => spawnSync(shell, ['-c', 'exit 0']).status === 0;

let spec: ProgramSpec;
let box: Box;
let ids: { spaces: { id: string; title: string }[]; teams: { id: string; title: string }[]; org: string; sites: string[]; collections: string[] };

beforeAll(async () => {
  spec = describeProgram(await fullProgram());
  box = sandbox();
  expect((await box.run(['init', '--sample'])).code).toBe(0);
  const list = async (argv: string[]) => JSON.parse((await box.run([...argv, '--json'])).stdout).items;
  ids = {
    spaces: await list(['spaces', 'list']),
    teams: await list(['teams', 'list']),
    org: (await list(['orgs', 'list']))[0].id,
    sites: (await list(['sites', 'list'])).map((s: { id: string }) => s.id),
    collections: (await list(['collections', 'list'])).map((c: { id: string }) => c.id),
  };
}, 30_000);

describe('docsctl completion SHELL', () => {
  it.each(['bash', 'zsh', 'fish'])('%s: the script names every command and flag of the real program, the same on a terminal and piped', async (shell) => {
    const tty = await box.run(['completion', shell], { tty: true });
    const piped = await box.run(['completion', shell]);
    expect(tty.code).toBe(0);
    expect(piped.code).toBe(0);
    expect(piped.stdout).toBe(tty.stdout);
    const script = piped.stdout;
    expect(spec.commands.length).toBeGreaterThan(150);
    for (const command of spec.commands) {
      if (command.path.length) expect(script).toContain(`'${command.path.join(' ')}'`);
      for (const flag of command.flags) for (const name of flag.names) expect(script).toContain(shell === 'fish' ? name.replace(/^--?/, '') : name);
      for (const sub of command.subcommands) expect(script).toContain(sub.name);
    }
    for (const flag of spec.globals) expect(script).toContain(shell === 'fish' ? `-l ${flag.names[0].slice(2)}` : flag.names[0]);
    expect(script).toContain('__complete');
    expect(script).not.toContain("'__complete'");
  });

  it('bash: the script passes bash -n', async () => {
    const script = (await box.run(['completion', 'bash'])).stdout;
    const check = spawnSync('bash', ['-n'], { input: script, encoding: 'utf8' });
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
  });

  for (const shell of ['zsh', 'fish']) {
    const present = hasShell(shell);
    if (!present) console.log(`completion: ${shell} is not installed here; skipping ${shell} -n (the script's content is still checked)`);
    it.skipIf(!present)(`${shell}: the script passes ${shell} -n`, async () => {
      const file = join(box.dir, `docsctl.${shell}`);
      writeFileSync(file, (await box.run(['completion', shell])).stdout);
      const check = spawnSync(shell, ['-n', file], { encoding: 'utf8' });
      expect(check.stderr).toBe('');
      expect(check.status).toBe(0);
    });
  }

  it('refuses an unknown shell with a usage error', async () => {
    const r = await box.run(['completion', 'powershell']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("'powershell' is invalid for argument 'shell'. Allowed choices are bash, zsh, fish.");
  });
});

describe('the bash script completes', () => {
  /**
   * Sources the script in a real bash and asks it to complete `words` (the last one is being typed).
   * `docsctl` is a stand-in that logs its arguments and answers two ids, so the test sees what the
   * script asks for; `__complete` itself is tested against a real database below.
   */
  function complete(words: string[]): { replies: string[]; asked: string } {
    const script = join(box.dir, 'docsctl.bash');
    const stub = join(box.dir, 'docsctl');
    const log = join(box.dir, 'asked');
    writeFileSync(log, '');
    writeFileSync(stub, `#!/bin/sh\necho "$@" >> ${log}\nprintf 'abc1\\tFirst\\nabd2\\tSecond\\n'\n`);
    chmodSync(stub, 0o755);
    const quoted = words.map((w) => `'${w}'`).join(' ');
    const program = `source ${script}; COMP_WORDS=(${stub} ${quoted}); COMP_CWORD=${words.length}; _docsctl; printf '%s\\n' "\${COMPREPLY[@]}"`;
    const r = spawnSync('bash', ['-c', program], { encoding: 'utf8', cwd: box.dir });
    expect(r.stderr).toBe('');
    return { replies: r.stdout.split('\n').filter(Boolean), asked: readFileSync(log, 'utf8').trim() };
  }

  beforeAll(async () => {
    writeFileSync(join(box.dir, 'docsctl.bash'), (await box.run(['completion', 'bash'])).stdout);
  });

  it('command groups, sub-commands (through aliases) and flags', () => {
    expect(complete(['te']).replies).toEqual(['teams']);
    expect(complete(['teams', 'members', '']).replies).toEqual(['list', 'add', 'remove', 'set']);
    expect(complete(['cr', 'update-']).replies).toEqual(['update-from-main']);
    expect(complete(['--json', 'te']).replies).toEqual(['teams']);
    expect(complete(['--db', 'x.db', 'spaces', 'list', '--l']).replies).toEqual(['--limit']);
    expect(complete(['teams', 'sync', '--a']).replies).toEqual(['--apply', '--as']);
  });

  it('ids for flags and arguments that take them, asking with the line\'s --db, --url and --org', () => {
    const space = complete(['--db', 'acme.db', 'cr', 'list', '--space', 'ab']);
    expect(space.replies).toEqual(['abc1', 'abd2']);
    expect(space.asked).toBe('--db acme.db __complete space ab');
    expect(complete(['teams', 'get', 'abc']).replies).toEqual(['abc1']);
    expect(complete(['--url', 'http://h', '--org', 'o1', 'teams', 'get', '']).asked).toBe('--url http://h --org o1 __complete team');
    expect(complete(['spaces', 'restore', 'abc1', '']).asked).toBe('__complete space');
    expect(complete(['sites', 'tree', '']).asked).toBe('__complete site');
    expect(complete(['orgs', 'get', '']).asked).toBe('__complete org');
    expect(complete(['collections', 'move', 'a', '--parent', '']).asked).toBe('__complete collection');
  });

  it('files where a path is expected, nothing for free text', () => {
    writeFileSync(join(box.dir, 'teams.yaml'), 'teams: []\n');
    expect(complete(['teams', 'sync', '-f', 'teams.y'])).toEqual({ replies: ['teams.yaml'], asked: '' });
    expect(complete(['teams', 'create', '']).replies).toEqual([]);
    expect(complete(['teams', 'create', '--name', '']).replies).toEqual([]);
  });

  it('the fixed values of flags and arguments that have them, without asking docsctl', () => {
    expect(complete(['members', 'list', '--role', ''])).toEqual({ replies: ['admin', 'create', 'review', 'edit', 'comment', 'read', 'guest'], asked: '' });
    expect(complete(['members', 'list', '--role', 'r']).replies).toEqual(['review', 'read']);
    expect(complete(['--format', 'c']).replies).toEqual(['csv']);
    expect(complete(['spaces', 'list', '--format', 'j']).replies).toEqual(['json']);
    expect(complete(['completion', '']).replies).toEqual(['bash', 'zsh', 'fish']);
    // Every flag declared with .choices() gets its words in the script.
    const withChoices = spec.commands.flatMap((c) => c.flags).filter((f) => f.kind.startsWith('='));
    expect(withChoices.length).toBeGreaterThan(15);
  });
});

/** A stand-in `docsctl` on PATH that logs its arguments and answers two ids. */
function stubDocsctl(): { dir: string; asked: () => string } {
  const dir = join(box.dir, 'stub');
  mkdirSync(dir, { recursive: true });
  const log = join(dir, 'asked');
  writeFileSync(log, '');
  writeFileSync(join(dir, 'docsctl'), `#!/bin/sh\necho "$@" >> ${log}\nprintf 'abc1\\tFirst\\nabd2\\tSecond\\n'\n`);
  chmodSync(join(dir, 'docsctl'), 0o755);
  return { dir, asked: () => readFileSync(log, 'utf8').trim() };
}

describe.skipIf(!hasShell('fish'))('the fish script completes (fish installed)', () => {
  it('sub-commands with their summaries, flags, and ids from __complete with the line\'s --db', async () => {
    const script = join(box.dir, 'docsctl.fish');
    writeFileSync(script, (await box.run(['completion', 'fish'])).stdout);
    const stub = stubDocsctl();
    const complete = (line: string) =>
      spawnSync('fish', ['-c', `source ${script}; complete -C ${JSON.stringify(line)}`], { encoding: 'utf8', env: { ...process.env, PATH: `${stub.dir}:${process.env.PATH}` } }).stdout.trim().split('\n');
    expect(complete('docsctl te')).toEqual(['teams\tteams and bulk team membership']);
    expect(complete('docsctl cr update-')).toEqual(['update-from-main\tbring the space\'s current content into the change request']);
    expect(complete('docsctl spaces list --li')).toEqual(['--limit\titems per page (1-1000)']);
    expect(complete('docsctl --db x.db cr list --space a')).toEqual(['abc1\tFirst', 'abd2\tSecond']);
    expect(stub.asked()).toBe('--db x.db __complete space a');
    expect(complete('docsctl members list --role r')).toEqual(['read\tonly members with this role', 'review\tonly members with this role']);
    expect(complete('docsctl completion ')).toEqual(['bash', 'fish', 'zsh']);
  });
});

describe.skipIf(!hasShell('zsh'))('the zsh script completes (zsh installed)', () => {
  it('sub-commands, and ids from __complete with the line\'s --db', async () => {
    const script = join(box.dir, '_docsctl');
    writeFileSync(script, (await box.run(['completion', 'zsh'])).stdout);
    const stub = stubDocsctl();
    // compsys is not running here: _describe and _files print what they were given.
    const complete = (...words: string[]) => {
      const program = `compdef() { :; }; _describe() { local n=$4; print -l -- "\${(@P)n}"; }; _files() { print -- '<files>'; }
source ${script}; words=(${words.map((w) => `'${w}'`).join(' ')}); CURRENT=${words.length}; _docsctl`;
      const r = spawnSync('zsh', ['-c', program], { encoding: 'utf8', env: { ...process.env, PATH: `${stub.dir}:${process.env.PATH}` } });
      expect(r.stderr).toBe('');
      return r.stdout.trim().split('\n');
    };
    expect(complete('docsctl', 'teams', 'members', '')).toEqual([
      'list:list the members of a team', 'add:add users to a team (all rows in one transaction)',
      'remove:remove users from a team (all rows in one transaction)', 'set:make a team exactly the given users: adds the missing, removes the rest',
    ]);
    expect(complete('docsctl', '--db', 'x.db', 'cr', 'list', '--space', 'a')).toEqual(['abc1:First', 'abd2:Second']);
    expect(stub.asked()).toBe('--db x.db __complete space a');
    expect(complete('docsctl', 'teams', 'sync', '-f', '')).toEqual(['<files>']);
    expect(complete('docsctl', 'members', 'list', '--role', '')).toEqual(['admin', 'create', 'review', 'edit', 'comment', 'read', 'guest']);
    expect(complete('docsctl', 'completion', '')).toEqual(['bash', 'zsh', 'fish']);
  });
});

describe('docsctl __complete KIND PREFIX (what the scripts call)', () => {
  const lines = (stdout: string) => stdout.split('\n').filter(Boolean).map((l) => l.split('\t'));

  it('answers ids and titles of spaces, teams, organizations, sites and collections of the sample database', async () => {
    const spaces = await box.run(['__complete', 'space']);
    expect(spaces.code).toBe(0);
    expect(spaces.stderr).toBe('');
    expect(lines(spaces.stdout)).toEqual(ids.spaces.map((s) => [s.id, s.title]));
    expect(lines((await box.run(['__complete', 'team'])).stdout)).toEqual(ids.teams.map((t) => [t.id, t.title]));
    expect(lines((await box.run(['__complete', 'org'])).stdout)).toEqual([[ids.org, 'Acme Docs']]);
    expect(lines((await box.run(['__complete', 'site'])).stdout).map((l) => l[0])).toEqual(ids.sites);
    expect(lines((await box.run(['__complete', 'collection'])).stdout).map((l) => l[0])).toEqual(ids.collections);
  });

  it('keeps only the ids that start with the prefix', async () => {
    const target = ids.spaces[3].id;
    const prefix = target.slice(0, 3);
    const r = await box.run(['__complete', 'space', prefix]);
    const expected = ids.spaces.filter((s) => s.id.startsWith(prefix)).map((s) => s.id);
    expect(expected).toContain(target);
    expect(lines(r.stdout).map((l) => l[0])).toEqual(expected);
    expect((await box.run(['__complete', 'space', `${target}zz`])).stdout).toBe('');
  });

  it('prints nothing and exits 0 on any failure, without creating a database', async () => {
    const missing = join(box.dir, 'missing.db');
    const cases = [
      ['--db', missing, '__complete', 'space'],
      ['__complete', 'bogus'],
      ['__complete'],
      ['--profile', 'nope', '__complete', 'space'],
      ['--url', 'http://127.0.0.1:1', '__complete', 'team'],
      ['--org', 'no-such-org', '__complete', 'space'],
      // Ids are alphanumeric, so '~' matches none: the unknown flag must neither error nor widen the answer.
      ['__complete', 'space', '~', '--unknown-flag'],
    ];
    for (const argv of cases) {
      const r = await box.run(argv);
      expect({ argv, code: r.code, stdout: r.stdout, stderr: r.stderr }).toEqual({ argv, code: 0, stdout: '', stderr: '' });
    }
    expect(existsSync(missing)).toBe(false);
  });

  it('ignores flags it does not know instead of failing the completion', async () => {
    const prefix = ids.spaces[0].id.slice(0, 2);
    const plain = await box.run(['__complete', 'space', prefix]);
    expect(plain.stdout).not.toBe('');
    expect(await box.run(['__complete', 'space', prefix, '--unknown-flag'])).toMatchObject({ code: 0, stdout: plain.stdout, stderr: '' });
  });

  it('gives up on a remote server that does not answer within the timeout', async () => {
    const { createServer } = await import('node:net');
    const sockets = new Set<import('node:net').Socket>();
    const silent = createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    const started = Date.now();
    const r = await box.run(['--url', `http://127.0.0.1:${port}`, '--token', 't', '__complete', 'space']);
    const took = Date.now() - started;
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
    expect({ code: r.code, stdout: r.stdout, stderr: r.stderr }).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(took).toBeLessThan(10_000); // gave up, rather than waiting out the transport's 30-second default
  });

  it('remote mode: asks a real serve with the token (end to end)', async () => {
    const served = await startServe(box);
    try {
      const r = await served.remote(['__complete', 'team', ids.teams[0].id.slice(0, 4)]);
      expect(r.code).toBe(0);
      expect(lines(r.stdout).map((l) => l[0])).toContain(ids.teams[0].id);
      const spaces = await served.remote(['__complete', 'space']);
      expect(lines(spaces.stdout).map((l) => l[0])).toEqual(ids.spaces.map((s) => s.id));
    } finally {
      await served.stop();
    }
  });
});
