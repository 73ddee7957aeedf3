import type { Writer } from './render';

/** A count of objects and bytes a long command reports as it goes. */
export interface Progress {
  /** `objects` more done (and `bytes` more moved); `total` when it becomes known. */
  advance(objects: number, bytes?: number): void;
  setTotal(total: number): void;
  /** Clears the line; the summary is the command's to print. */
  done(): void;
}

const units = ['B', 'KiB', 'MiB', 'GiB'];
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit ? value.toFixed(1) : value} ${units[unit]}`;
}

/**
 * One line on a terminal's stderr, rewritten at most every 100 ms: `label: done/total objects, bytes`.
 * Disabled (never on a pipe, never under CI: the caller decides), it counts and writes nothing.
 */
export function createProgress(stream: Writer, enabled: boolean, label: string, now: () => number = Date.now): Progress & { objects: number; bytes: number } {
  let total: number | undefined;
  let last = 0;
  const state = {
    objects: 0,
    bytes: 0,
    advance(objects: number, bytes = 0) {
      state.objects += objects;
      state.bytes += bytes;
      if (!enabled || now() - last < 100) return;
      last = now();
      const count = total === undefined ? `${state.objects}` : `${state.objects}/${total}`;
      stream.write(`\r\u001b[2K${label}: ${count} objects, ${formatBytes(state.bytes)}`);
    },
    setTotal(value: number) {
      total = value;
    },
    done() {
      if (enabled && last) stream.write('\r\u001b[2K');
    },
  };
  return state;
}
