/**
 * The git database calls of the review loop's claim (they need `contents: write`): a commit of
 * the run's own, a ref per part that points at it, read back, listed and deleted; and the outcome
 * a run leaves on its claim (agent/reported.ts), read by a later run. GitHub creates a
 * ref only when no ref of that name exists (else 422 "Reference already exists"): the one write it
 * refuses the second time, which makes the ref a lock (see agent/claim.ts).
 */

/** A ref and the object it points at. */
export interface GitRef {
  /** Fully qualified: `refs/…`. */
  ref: string;
  sha: string;
}

export interface GitRefApi {
  /**
   * A commit without parent whose tree holds one file, `file`, and whose author and committer
   * dates are `date` (so the same call made again names the same commit): its sha.
   */
  createClaimCommit(message: string, file: string, date: string): Promise<string>;
  /** Creates `ref` (fully qualified) at `sha`; 422 when a ref of that name exists. */
  createRef(ref: string, sha: string): Promise<void>;
  /** The sha `ref` points at; undefined when there is no such ref (404). */
  refSha(ref: string): Promise<string | undefined>;
  /** Deletes `ref`; 422 when there is no such ref. */
  deleteRef(ref: string): Promise<void>;
  /** Every ref whose name starts with `prefix` (fully qualified, ending in `/`). */
  matchingRefs(prefix: string): Promise<GitRef[]>;
  /**
   * A commit whose parent is `parent` (a claim's) and whose tree holds one file, `file`, then
   * `ref` moved to it without force (GitHub moves a ref only to a commit that follows on from
   * where it points, else 422): the new commit's sha.
   */
  leaveOutcome(ref: string, parent: string, message: string, file: string): Promise<string>;
  /** A commit's message and its parents' shas; undefined when there is no such commit (404). */
  commitOf(sha: string): Promise<{ message: string; parents: string[] } | undefined>;
}

/** Whether GitHub refused to create a ref because one of that name exists. */
export function refExists(error: unknown): boolean {
  const e = error as { status?: unknown; message?: unknown } | undefined;
  return e?.status === 422 && /already exists/i.test(String(e.message));
}
