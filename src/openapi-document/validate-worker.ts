// Entry of dist/openapi-worker.cjs (scripts/build.js), which bin/openapi-worker.cjs runs in the worker
// thread of isolated-worker.ts: validates the document of its workerData and posts the answer with the
// vendor bundles it loaded.
import { parentPort, workerData } from 'node:worker_threads';
import { validationAnswer } from './validation-answer';

/** What the worker posts: the answer, or the message of an unexpected failure; and what it loaded. */
export type WorkerReply = ({ answer: Awaited<ReturnType<typeof validationAnswer>> } | { failure: string }) & { loaded: string[] };

/** Validates workerData's text and posts the reply; `vendorsLoaded` names the vendor bundles run meanwhile. */
export function validateWorkerData(vendorsLoaded: () => string[]): void {
  const { text, maxExpansion } = workerData as { text: string; maxExpansion: number };
  void validationAnswer(text, maxExpansion).then(
    (answer) => parentPort!.postMessage({ answer, loaded: vendorsLoaded() } satisfies WorkerReply),
    (error: Error) => parentPort!.postMessage({ failure: error.message ?? String(error), loaded: vendorsLoaded() } satisfies WorkerReply),
  );
}
