import { spawn } from 'node:child_process';
import { selfCommand } from '../self-command';
import { SpecParseError } from './document';
import type { OpenApiLimits } from '../domain/openapi-limits';

/** A document whose processing passed one of the bounds; the message names the bound. */
export class SpecBoundError extends Error {}

const debugging = () => /\bdocsctl\b/i.test(process.env.NODE_DEBUG ?? '');

/** What the child inherits: where programs and the home are, and NODE_DEBUG (nothing of docsctl's own settings). */
function passedOn(): Record<string, string> {
  const names = ['PATH', 'HOME', 'NODE_DEBUG', 'XDG_CACHE_HOME'];
  return Object.fromEntries(names.flatMap((name) => (process.env[name] === undefined ? [] : [[name, process.env[name]!]])));
}

/** The hidden command the child runs (src/commands/openapi/validate-child.ts). */
export const VALIDATE_COMMAND = '__openapi-validate';

/** What a valid document says of itself: `info.title` and `info.version`, when it has them. */
export interface SpecInfo {
  title?: string;
  version?: string;
}

/** SpecInfo of a parsed document (the child calls this before swagger-parser changes the object). */
export function infoOf(parsed: Record<string, unknown>): SpecInfo {
  const info = (parsed.info ?? {}) as { title?: unknown; version?: unknown };
  return {
    ...(typeof info.title === 'string' ? { title: info.title } : {}),
    ...(info.version !== undefined && info.version !== null ? { version: String(info.version) } : {}),
  };
}

/**
 * Parses and validates `text` as OpenAPI, and reads its SpecInfo, in a child process (docsctl itself, `__openapi-validate`),
 * never in this one: swagger-parser's validation of a small document full of `$ref`s can take minutes
 * of CPU and gigabytes of memory. The child is killed past `processTimeoutMs` and has at most
 * `processMemoryMb` of heap; either ends in a SpecBoundError saying which bound. The document's own
 * faults come back as a SpecParseError with the parser's messages.
 */
export function validateIsolated(text: string, limits: OpenApiLimits): Promise<SpecInfo> {
  const { file, args } = selfCommand();
  const child = spawn(file, [...args, VALIDATE_COMMAND], {
    // Only what the child needs: no database, no profile, a heap bound.
    env: { ...passedOn(), NODE_OPTIONS: `--max-old-space-size=${limits.processMemoryMb}` },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    // Under NODE_DEBUG=docsctl the child's debug lines are this run's too (which vendor bundles it loaded).
    if (debugging()) for (const line of chunk.match(/^DOCSCTL \d+: .*\n/gm) ?? []) process.stderr.write(line);
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
      if (timedOut) return reject(new SpecBoundError(`processing the document took longer than ${limits.processTimeoutMs / 1000} s, the time bound of OpenAPI processing`));
      let answer: { ok: true; info: SpecInfo } | { messages: string[] } | undefined;
      try {
        answer = JSON.parse(stdout);
      } catch {
        answer = undefined;
      }
      if (code === 0 && answer && 'ok' in answer) return resolve(answer.info);
      if (code === 0 && answer && 'messages' in answer) return reject(new SpecParseError(answer.messages));
      if (/heap out of memory|Allocation failed/i.test(stderr)) {
        return reject(new SpecBoundError(`processing the document needed more than ${limits.processMemoryMb} MB of memory, the memory bound of OpenAPI processing`));
      }
      reject(new Error(`OpenAPI validation ended with exit code ${code}: ${stderr.trim().split('\n').pop() ?? ''}`));
    });
  });
}
