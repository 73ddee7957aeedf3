import { Worker } from 'node:worker_threads';
import type { WorkerScript } from '../self-command';
import { SpecParseError } from './document';
import { memoryBoundPassed, SpecBoundError, timeBoundPassed } from './spec-bound';
import { debugging, environmentOf } from './isolation-env';
import type { SpecInfo } from './spec-info';
import type { WorkerReply } from './validate-worker';
import type { OpenApiLimits } from '../domain/openapi-limits';

/** How long a worker that answered may take to end (writing its code caches) before it is stopped. */
const FINISH_MS = 5000;

/** Where the worker's code caches go, and whether there are any (bin/run-bundle.cjs reads these). */
function cacheSettings(): Record<string, string> {
  return environmentOf(['HOME', 'XDG_CACHE_HOME', 'DOCSCTL_CODE_CACHE']);
}

/**
 * validateIsolated in a worker thread running `script` (the file bin/openapi-worker.cjs, or the single
 * executable's worker source, evaluated): its own heap of at
 * most `processMemoryMb`, terminated past `processTimeoutMs` (V8 stops it even inside a loop that never
 * yields), so neither bound can be passed by the document and this thread keeps answering. Starting a
 * worker costs a few milliseconds where a child process costs a whole Node start.
 */
export function validateInWorker(text: string, limits: OpenApiLimits, script: WorkerScript, signal?: AbortSignal): Promise<SpecInfo> {
  const worker = new Worker('file' in script ? script.file : script.source, {
    eval: !('file' in script),
    workerData: { text, maxExpansion: limits.maxExpansion },
    resourceLimits: { maxOldGenerationSizeMb: limits.processMemoryMb },
    stdin: false,
    // Nothing of this process's settings but where its code caches are: the worker reads only its document.
    env: cacheSettings(),
  });
  return new Promise((resolve, reject) => {
    let settled = false;
    let answered = false;
    const settle = (done: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', abandon);
      // Once it has answered, the worker ends by itself (the first time, after writing its code caches);
      // one that does not is stopped. Before, it is stopped at once.
      if (answered) setTimeout(() => void worker.terminate(), FINISH_MS).unref();
      else void worker.terminate();
      done();
    };
    const timer = setTimeout(() => settle(() => reject(timeBoundPassed(limits))), limits.processTimeoutMs);
    const abandon = () => settle(() => reject(signal!.reason));
    if (signal?.aborted) abandon();
    signal?.addEventListener('abort', abandon, { once: true });
    worker.on('message', (reply: WorkerReply) => {
      answered = true;
      // Under NODE_DEBUG=docsctl the worker's vendor bundles are this run's too, said as bin/run-bundle.cjs says them.
      if (debugging()) for (const name of reply.loaded) process.stderr.write(`DOCSCTL ${process.pid}: vendor bundle loaded: ${name}\n`);
      settle(() => {
        if ('failure' in reply) reject(new Error(`OpenAPI validation failed: ${reply.failure}`));
        else if ('ok' in reply.answer) resolve(reply.answer.info);
        else if ('bound' in reply.answer) reject(new SpecBoundError(reply.answer.bound));
        else reject(new SpecParseError(reply.answer.messages));
      });
    });
    worker.on('error', (error: Error & { code?: string }) =>
      settle(() => reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? memoryBoundPassed(limits) : error)),
    );
    worker.on('exit', (code) => settle(() => reject(new Error(`OpenAPI validation ended with exit code ${code}`))));
  });
}
