import type { ApiClient } from '../../api/client';
import type { IdMap } from '../../org-archive/id-map';
import type { OrgArchive } from '../../org-archive/archive';
import type { Progress } from '../../output/progress';

/** Something of the archive that could not be carried over, and why. */
export interface ImportIssue {
  object: string;
  reason: string;
}

/**
 * What every import step shares: the client on the target organization, the id map (resumability),
 * the archive, what could not be carried over (`failures`, exit 1) and what was carried over with a
 * documented loss (`notes`), and the progress line.
 */
export class Importer {
  readonly failures: ImportIssue[] = [];
  readonly notes: ImportIssue[] = [];
  /** Objects created by this run, by kind. */
  readonly created = new Map<string, number>();
  /** Users of the target by archived e-mail (lower case). */
  readonly users = new Map<string, string>();
  /** The target user running the import. */
  callerEmail = '';

  constructor(
    readonly api: ApiClient,
    readonly organizationId: string,
    readonly map: IdMap,
    readonly archive: OrgArchive,
    readonly progress: Progress,
  ) {}

  /**
   * The target id of an archived object: recorded by an earlier run, or made now by `create` and
   * recorded at once, so a failure later in the same step never creates it twice.
   */
  async ensure(kind: string, archivedId: string, create: () => Promise<string>): Promise<string> {
    const known = this.map.id(kind, archivedId);
    if (known !== undefined) return known;
    const id = await create();
    this.map.setId(kind, archivedId, id);
    this.created.set(kind, (this.created.get(kind) ?? 0) + 1);
    return id;
  }

  /**
   * Runs a step once across runs: skipped when an earlier run completed it; a failure is recorded
   * (the import goes on with what does not depend on it) and answers false.
   */
  async step(key: string, object: string, work: () => Promise<void>, objects = 1): Promise<boolean> {
    if (this.map.isDone(key)) {
      this.progress.advance(objects);
      return true;
    }
    try {
      await work();
      this.map.markDone(key);
      return true;
    } catch (error) {
      this.fail(object, error);
      return false;
    } finally {
      this.progress.advance(objects);
    }
  }

  fail(object: string, error: unknown): void {
    this.failures.push({ object, reason: error instanceof Error ? error.message : String(error) });
  }

  note(object: string, reason: string): void {
    this.notes.push({ object, reason });
  }

  /** A target user id for an archived e-mail, if the member import matched or invited them. */
  user(email: string): string | undefined {
    return this.users.get(email.toLowerCase());
  }
}
