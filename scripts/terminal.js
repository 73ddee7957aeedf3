// Runs a command on a real pseudo-terminal, through script(1) from util-linux, and answers its prompts
// as a person would: yes to a question, the first choice of a pick-list. The built-entry tests use it
// for what only a terminal shows (tables, spinners, @inquirer/prompts). Linux only; `hasTerminal()` says.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

const SCRIPT = '/usr/bin/script';

export const hasTerminal = () => process.platform === 'linux' && existsSync(SCRIPT);

/** A word the shell reads back as itself. */
const quote = (word) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${String(word).replace(/'/g, `'\\''`)}'`);

// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[()][0-9A-B]|\r/g;

/** Keys that answer the prompt on screen, or undefined when none is there yet. */
function answerTo(screen) {
  if (/\((y\/N|Y\/n)\)/.test(screen)) return 'y\r';
  if (/<space>|◯/.test(screen)) return ' \r';
  return undefined;
}

/**
 * Runs `file args…` on a terminal `columns` wide; resolves with its exit code, everything it printed
 * (stdout and stderr, as a terminal shows them, escape codes removed) and how many prompts it answered.
 */
export function runOnTerminal(file, args, { env = {}, cwd, columns = 100, timeoutMs = 60_000 } = {}) {
  const command = `stty cols ${columns} rows 40; exec ${[file, ...args].map(quote).join(' ')}`;
  const child = spawn(SCRIPT, ['-qfec', command, '/dev/null'], { cwd, env: { TERM: 'xterm-256color', ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  let unanswered = '';
  let answered = 0;
  let waiting = false;
  child.stdout.on('data', (chunk) => {
    const text = chunk.toString('utf8').replace(ANSI, '');
    output += text;
    unanswered += text;
    // A prompt redraws itself while it waits: one answer each, until it says it is done (✔).
    if (waiting) {
      const done = unanswered.lastIndexOf('✔');
      if (done < 0) return;
      waiting = false;
      unanswered = unanswered.slice(done + 1);
    }
    const keys = answerTo(unanswered);
    if (keys) {
      waiting = true;
      unanswered = '';
      answered++;
      child.stdin.write(keys);
    }
  });
  child.stderr.on('data', (chunk) => (output += chunk.toString('utf8')));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  return new Promise((resolve) =>
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      child.stdin.destroy();
      resolve({ code: code ?? signal, output, answered });
    }),
  );
}
