import type { Writer } from './render';

/** Runs `work` behind a spinner on `stream` when enabled (an interactive terminal); silently elsewhere. */
export async function withSpinner<T>(stream: Writer, enabled: boolean, text: string, work: () => Promise<T>): Promise<T> {
  if (!enabled) return work();
  const { default: ora } = await import('ora');
  const spinner = ora({ text, stream: stream as NodeJS.WritableStream, isEnabled: true, discardStdin: false }).start();
  try {
    const result = await work();
    spinner.succeed();
    return result;
  } catch (error) {
    spinner.fail();
    throw error;
  }
}
