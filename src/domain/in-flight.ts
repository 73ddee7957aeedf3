/**
 * Runs `step` on each item, at most `limit` at a time, started in the items' order (a push's uploads,
 * a batch's objects to the file store). After a failure no other step starts; those under way finish,
 * then the first failure is thrown.
 */
export async function eachInFlight<T>(items: readonly T[], limit: number, step: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (!failure && next < items.length) {
      const item = items[next++];
      try {
        await step(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure) throw failure.error;
}
