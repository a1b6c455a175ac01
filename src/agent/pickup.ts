/**
 * Did the job take our follow-up up? The service processes a message asynchronously: its 200
 * answer, and the first get-job answers after it, may still show the job as it was before (an old
 * `completed` and the previous pull request). So a final status counts as this follow-up's result
 * only once the job has shown a sign that it took the message up; before that, what it shows is
 * the past. Pure: it is given each answer and the time, and decides nothing about HTTP.
 */
import type { AgentJob } from '../api/schemas.js';
import { formatDuration } from '../shared/duration.js';
import { UserError } from '../shared/errors.js';

/** The statuses after which a job does no more work. */
export const FINAL = new Set(['completed', 'archived', 'failed']);

/** How the pickup was seen, for the log ('active after the send', 'a new branch', or a sign from elsewhere). */
export type PickupSign = string;

/**
 * Another sign that the job took the follow-up up (the review loop: a new head commit on the pull
 * request): names it, or undefined while there is none. `rebase`, asked when a job busy at the
 * send ends that work: what is there now becomes the state to compare with, as what the busy work
 * changed is not this follow-up's doing.
 */
export type OutsideSign = (rebase?: boolean) => Promise<PickupSign | undefined>;

export class Pickup {
  /** Why we believe the job took the message up; undefined while nothing shows it. */
  sign: PickupSign | undefined;
  /** When the grace ends: counted from the send, or, for a job busy at the send, from its first final status. */
  #graceEnd: number;
  /** Looks at the job since a sign from elsewhere confirmed the pickup; -1: no such sign. */
  #looksSinceOutsideSign = -1;
  /** For a job busy at the send: its first final state seen after it. */
  #sawFinal: AgentJob | undefined;

  /**
   * @param before the job as it was just before the message; undefined for a new job, whose every
   *   state is its own (no pickup to wait for)
   */
  constructor(
    readonly before: AgentJob | undefined,
    readonly sentAt: number,
    readonly graceMs: number,
  ) {
    if (!before) this.sign = 'a new job';
    // A job still working when the message came may take it up only once it is done: its grace
    // starts when it is first seen final.
    this.#graceEnd = before && !FINAL.has(before.status) ? Infinity : sentAt + graceMs;
  }

  get confirmed(): boolean {
    return this.sign !== undefined;
  }

  /** Takes in one answer of the service (the message's own, or a get-job). */
  see(job: AgentJob, now: number): void {
    if (this.#looksSinceOutsideSign >= 0) this.#looksSinceOutsideSign++;
    const before = this.before;
    if (this.confirmed || !before) return;
    if (FINAL.has(before.status) || this.#sawFinal) {
      // Against a final state (from before the send, or the busy job's end), any move is ours.
      const last = this.#sawFinal ?? before;
      // Any status that is not final is work in progress (an unknown one included, as the
      // schema reads it): after a final state, that is the message taken up.
      if (!FINAL.has(job.status)) this.sign = `${job.status} after the send`;
      else if (job.prLink && job.prLink !== last.prLink) this.sign = 'a new pull-request link';
      else if (job.source?.ref && job.source.ref !== last.source?.ref) this.sign = 'a new branch';
    }
    // A job busy at the send ends its current work first: that end is not ours, and its grace
    // starts there.
    if (!this.confirmed && !this.#sawFinal && FINAL.has(job.status) && !FINAL.has(before.status)) {
      this.#sawFinal = job;
      this.#graceEnd = now + this.graceMs;
    }
  }

  /**
   * A sign from elsewhere (the review loop: a new head commit on the pull request). The job itself
   * may still show its state from before; so its result is the final status of a later look.
   */
  confirm(sign: PickupSign): void {
    if (this.sign !== undefined) return;
    this.sign = sign;
    this.#looksSinceOutsideSign = 0;
  }

  /** What the job showed to compare with: as before the message, or as the busy work ended. */
  get reference(): AgentJob | undefined {
    return this.#sawFinal ?? this.before;
  }

  /** A job busy at the send has ended that work (its first final status after the send). */
  get busyEnded(): boolean {
    return this.#sawFinal !== undefined;
  }

  /** Still inside the grace: polled often, as the pickup usually comes within seconds. */
  waiting(now: number): boolean {
    return !this.confirmed && now < this.#graceEnd;
  }

  /**
   * The wait ends at a final status seen after the pickup (the result), or when the grace is over
   * without a sign (unconfirmed: what the job shows is from before the message).
   */
  done(job: AgentJob, now: number): boolean {
    if (this.confirmed) return FINAL.has(job.status) && this.#looksSinceOutsideSign !== 0;
    return now >= this.#graceEnd;
  }
}

/**
 * The follow-up was sent, but within pickup-grace the job never showed that it took it up: what it
 * shows is from before the message, so it is not this follow-up's result. The step fails.
 */
export class FollowUpUnconfirmed extends UserError {
  /** The job shows what it showed before (or as its busy work ended): "as before" is true. */
  readonly asBefore: boolean;

  constructor(
    readonly job: AgentJob,
    graceMs: number,
    reference: AgentJob | undefined,
  ) {
    const asBefore =
      reference !== undefined && reference.status === job.status && reference.prLink === job.prLink;
    const shows = `status ${job.status}${job.prLink ? ` and pull request ${job.prLink}` : ''}`;
    super(
      `Agent job ${job.id} did not show that it took the follow-up up within pickup-grace (${formatDuration(graceMs)}): ${asBefore ? `it still shows ${shows}, as before the message` : `it shows ${shows}, with no sign that it took the message up`}. That is not this follow-up's result, so none is reported: a follow-up that changed nothing cannot be told from one that was never taken up. Look at the job in the dashboard (job-id: ${job.id}); if the service is slow to take messages up, raise pickup-grace.`,
      { jobId: job.id },
    );
    this.asBefore = asBefore;
  }
}
