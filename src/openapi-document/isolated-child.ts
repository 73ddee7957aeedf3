import { spawn } from 'node:child_process';
import { selfCommand } from '../self-command';
import { SpecParseError } from './document';
import { memoryBoundPassed, SpecBoundError, timeBoundPassed } from './spec-bound';
import { debugging, environmentOf } from './isolation-env';
import type { SpecInfo } from './spec-info';
import type { ValidationAnswer } from './validation-answer';
import type { OpenApiLimits } from '../domain/openapi-limits';

/** What the child inherits: where programs and the home are, and NODE_DEBUG (nothing of docsctl's own settings). */
function passedOn(): Record<string, string> {
  return environmentOf(['PATH', 'HOME', 'NODE_DEBUG', 'XDG_CACHE_HOME']);
}

/** The hidden command the child runs (src/commands/openapi/validate-child.ts). */
export const VALIDATE_COMMAND = '__openapi-validate';

/**
 * Parses and validates `text` as OpenAPI, and reads its SpecInfo, in a child process (docsctl itself, `__openapi-validate`),
 * never in this one: swagger-parser's validation of a small document full of `$ref`s can take minutes
 * of CPU and gigabytes of memory. The child is killed past `processTimeoutMs` and has at most
 * `processMemoryMb` of heap; either ends in a SpecBoundError saying which bound. The document's own
 * faults come back as a SpecParseError with the parser's messages. Where a worker thread can run
 * (isolated-worker.ts), validateIsolated takes it instead: a checkout not built yet runs this.
 */
export function validateInChild(text: string, limits: OpenApiLimits, signal?: AbortSignal): Promise<SpecInfo> {
  const { file, args } = selfCommand();
  const child = spawn(file, [...args, VALIDATE_COMMAND, String(limits.maxExpansion)], {
    // Only what the child needs: no database, no profile, a heap bound.
    env: { ...passedOn(), NODE_OPTIONS: `--max-old-space-size=${limits.processMemoryMb}` },
    stdio: ['pipe', 'pipe', 'pipe'],
    signal,
    killSignal: 'SIGKILL',
  });
  let stdout = '';
  let stderr = '';
  let outOfMemory = false;
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    // Under NODE_DEBUG=docsctl the child's debug lines are this run's too (which vendor bundles it loaded).
    if (debugging()) for (const line of chunk.match(/^DOCSCTL \d+: .*\n/gm) ?? []) process.stderr.write(line);
    // Told as it comes: V8's native stack trace after it may push it out of the tail kept.
    outOfMemory ||= /heap out of memory|Allocation failed/i.test(stderr.slice(-100) + chunk);
    stderr = (stderr + chunk).slice(-4096);
  });
  child.stdin.on('error', () => undefined); // a child that died early closes its stdin
  child.stdin.end(text);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill('SIGKILL');
  }, limits.processTimeoutMs);
  return new Promise((resolve, reject) => {
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (timedOut) return reject(timeBoundPassed(limits));
      let answer: ValidationAnswer | undefined;
      try {
        answer = JSON.parse(stdout);
      } catch {
        answer = undefined;
      }
      if (code === 0 && answer && 'ok' in answer) return resolve(answer.info);
      if (code === 0 && answer && 'messages' in answer) return reject(new SpecParseError(answer.messages));
      if (code === 0 && answer && 'bound' in answer) return reject(new SpecBoundError(answer.bound));
      if (outOfMemory) return reject(memoryBoundPassed(limits));
      reject(new Error(`OpenAPI validation ended with exit code ${code}: ${stderr.trim().split('\n').pop() ?? ''}`));
    });
  });
}
