// Entry of the single executable's startup snapshot (scripts/package.js --snapshot, issue 35): the
// bundle runs while the executable is built, so every module of a command's start is set up in the V8
// heap the executable starts from; `run` is what the executable calls with its arguments. Nothing here
// may read the environment, the terminal or a file at load: that would be the build machine's.
import { exitWhenIdle } from './exit-when-idle';
import { main } from './main';

export async function run(argv: string[]): Promise<void> {
  process.exitCode = await main(argv);
  exitWhenIdle();
}

/** Runs `argv` once while the executable is built, its output dropped: its functions are then compiled in the snapshot. */
export async function warm(argv: string[]): Promise<void> {
  const sink = { write: () => true };
  await main(argv, { stdout: sink, stderr: sink, env: {}, cwd: '/' });
}
