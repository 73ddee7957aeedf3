/** Work refused because too many are already waiting their turn. */
export class Busy extends Error {}

/**
 * Runs work one at a time, in the order asked: what a server does that takes its thread for long
 * (a PDF) never runs twice at once. Past `maxWaiting` waiting, new work is refused with Busy.
 */
export function oneAtATime(maxWaiting: number) {
  let tail: Promise<unknown> = Promise.resolve();
  let waiting = 0;
  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (waiting >= maxWaiting) throw new Busy('too many asked for at once');
      waiting++;
      const turn = tail.then(() => {
        waiting--;
        return work();
      });
      tail = turn.catch(() => undefined);
      return await turn;
    },
  };
}

