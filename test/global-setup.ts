// Tests run the shipped entry (bin/docsctl.cjs → dist/) as well as the source: build it first when it is
// missing or older than what it is built from, so a stale bundle can never pass.
export default async function setup(): Promise<void> {
  const { buildIfStale } = (await import('../scripts/build-if-stale.js' as string)) as { buildIfStale: () => boolean };
  buildIfStale();
}
