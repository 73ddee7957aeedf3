import type { Writer } from './render';

/**
 * Runs `work` behind a spinner on `stream` when enabled (an interactive terminal); silently elsewhere.
 * Without `color` (NO_COLOR) the spinner still turns, but its frames and outcome symbols stay plain.
 */
export async function withSpinner<T>(stream: Writer, enabled: boolean, text: string, work: () => Promise<T>, color = true): Promise<T> {
  if (!enabled) return work();
  const { default: ora } = await import('ora');
  const spinner = ora({ text, stream: stream as NodeJS.WritableStream, isEnabled: true, discardStdin: false, color: color ? 'cyan' : false }).start();
  try {
    const result = await work();
    if (color) spinner.succeed();
    else spinner.stopAndPersist({ symbol: '✔' });
    return result;
  } catch (error) {
    if (color) spinner.fail();
    else spinner.stopAndPersist({ symbol: '✖' });
    throw error;
  }
}
