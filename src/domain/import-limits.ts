/** Every bound of a content import, in one place. An engine may override any of them (`EngineOptions.importLimits`). */
export interface ImportLimits {
  /** Most HTML pages a website import fetches (pages found beyond it still count in `totalResources`). */
  maxPages: number;
  /** Farthest a website import follows links from the start page (which is depth 0). */
  maxDepth: number;
  /** Largest answer read from any URL, in bytes. */
  maxResponseBytes: number;
  /** Longest wait for one URL (connection, headers and body). */
  requestTimeoutMs: number;
  /**
   * Longest a whole import may fetch for. A crawl that reaches it stops and imports what it has. The
   * default stays under the CLI's 30-second request timeout, so a remote import answers before the
   * client gives up.
   */
  totalTimeoutMs: number;
  /** Pages a website import fetches at the same time. */
  concurrency: number;
  /** Redirects followed for one URL. */
  maxRedirects: number;
  /** Entries a zip archive may hold, and their total size once unpacked (against zip bombs). */
  maxZipEntries: number;
  maxUnpackedBytes: number;
  /**
   * The largest file an import keeps (a zip's files, a Word document's images); larger ones are left
   * out. The import module sets it to the engine's largest file size (EngineOptions.maxFileSize).
   */
  maxFileBytes: number;
  /**
   * Refuse URLs whose host is or resolves to a loopback, private, link-local or otherwise internal
   * address, or one of the machine's own (server-side request forgery). Off in the engine's defaults,
   * for local mode, where the user fetches for themselves; `docsctl serve` turns it on unless run with
   * `--allow-private-addresses`.
   */
  refusePrivateAddresses: boolean;
}

export const DEFAULT_IMPORT_LIMITS: ImportLimits = {
  maxPages: 100,
  maxDepth: 5,
  maxResponseBytes: 5 * 1024 * 1024,
  requestTimeoutMs: 10_000,
  totalTimeoutMs: 25_000,
  concurrency: 4,
  maxRedirects: 5,
  maxZipEntries: 5_000,
  maxUnpackedBytes: 100 * 1024 * 1024,
  // DEFAULT_MAX_FILE_SIZE (file-size.ts, which imports this module's formatBytes).
  maxFileBytes: 100 * 1024 * 1024,
  refusePrivateAddresses: false,
};

export function importLimits(overrides: Partial<ImportLimits> = {}): ImportLimits {
  return { ...DEFAULT_IMPORT_LIMITS, ...overrides };
}

/** "5 MiB", "300 KiB", "12 bytes": sizes in messages. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

/** "10 s", "250 ms": durations in messages. */
export function formatMs(ms: number): string {
  return ms >= 1000 && ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
