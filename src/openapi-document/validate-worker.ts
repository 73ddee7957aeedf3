// Entry of dist/openapi-worker.cjs (scripts/build.js): the worker thread of isolated-worker.ts. It
// validates the document of its workerData and posts the answer with the vendor bundles it loaded.
import { parentPort, workerData } from 'node:worker_threads';
import { validationAnswer } from './validation-answer';

/** What the worker posts: the answer, or the message of an unexpected failure; and what it loaded. */
export type WorkerReply = ({ answer: Awaited<ReturnType<typeof validationAnswer>> } | { failure: string }) & { loaded: string[] };

/** Vendor bundles (dist/vendor/NAME.cjs) this worker loaded, for the parent's NODE_DEBUG=docsctl lines. */
function vendorBundlesLoaded(): string[] {
  if (typeof require === 'undefined') return [];
  return Object.keys(require.cache).flatMap((file) => /[\\/]vendor[\\/]([\w.-]+)\.cjs$/.exec(file)?.[1] ?? []);
}

void validationAnswer((workerData as { text: string }).text).then(
  (answer) => parentPort!.postMessage({ answer, loaded: vendorBundlesLoaded() } satisfies WorkerReply),
  (error: Error) => parentPort!.postMessage({ failure: error.message ?? String(error), loaded: vendorBundlesLoaded() } satisfies WorkerReply),
);
