/** Runs `work` behind a spinner on an interactive terminal; silently elsewhere. */
export async function withSpinner<T>(enabled: boolean, text: string, work: () => Promise<T>): Promise<T> {
  if (!enabled) return work();
  const { default: ora } = await import('ora');
  const spinner = ora({ text, stream: process.stderr }).start();
  try {
    const result = await work();
    spinner.succeed();
    return result;
  } catch (error) {
    spinner.fail();
    throw error;
  }
}
