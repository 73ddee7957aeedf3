import { Worker } from 'node:worker_threads';
import { SpecParseError } from './document';
import { memoryBoundPassed, timeBoundPassed } from './spec-bound';
import type { SpecInfo } from './spec-info';
import type { WorkerReply } from './validate-worker';
import type { OpenApiLimits } from '../domain/openapi-limits';

const debugging = () => /\bdocsctl\b/i.test(process.env.NODE_DEBUG ?? '');

/**
 * validateIsolated in a worker thread running `workerFile` (dist/openapi-worker.cjs): its own heap of
 * at most `processMemoryMb`, terminated past `processTimeoutMs` (V8 stops it even inside a loop that
 * never yields), so neither bound can be passed by the document and this thread keeps answering.
 * Starting a worker costs a few milliseconds where a child process costs a whole Node start.
 */
export function validateInWorker(text: string, limits: OpenApiLimits, workerFile: string): Promise<SpecInfo> {
  const worker = new Worker(workerFile, {
    workerData: { text },
    resourceLimits: { maxOldGenerationSizeMb: limits.processMemoryMb },
    stdin: false,
    // Nothing of this process's settings: the worker reads only its document.
    env: {},
  });
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (done: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      done();
    };
    const timer = setTimeout(() => settle(() => reject(timeBoundPassed(limits))), limits.processTimeoutMs);
    worker.on('message', (reply: WorkerReply) => {
      // Under NODE_DEBUG=docsctl the worker's vendor bundles are this run's too, said as bin/run-bundle.cjs says them.
      if (debugging()) for (const name of reply.loaded) process.stderr.write(`DOCSCTL ${process.pid}: vendor bundle loaded: ${name}\n`);
      settle(() => {
        if ('failure' in reply) reject(new Error(`OpenAPI validation failed: ${reply.failure}`));
        else if ('ok' in reply.answer) resolve(reply.answer.info);
        else reject(new SpecParseError(reply.answer.messages));
      });
    });
    worker.on('error', (error: Error & { code?: string }) =>
      settle(() => reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? memoryBoundPassed(limits) : error)),
    );
    worker.on('exit', (code) => settle(() => reject(new Error(`OpenAPI validation ended with exit code ${code}`))));
  });
}
