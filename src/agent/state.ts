/**
 * What the agent core's steps share: the run's state as it goes (for outputs on a failure), a
 * follow-up's result, and what a follow-up needs. Types only, so that the steps (job.ts), the
 * review loop and how it ended (outcome.ts) need not import the pipeline that calls them.
 */
import type { ServiceClient } from '../api/client.js';
import type { AgentJob } from '../api/schemas.js';
import type { Reporter } from '../shared/logger.js';
import type { Clock } from '../shared/poll.js';
import type { OutsideSign } from './pickup.js';
import type { DeliveredItem } from './outputs.js';

export interface AgentState {
  jobId?: string;
  status?: string;
  /** The job as the service last showed it. */
  job?: AgentJob;
  /** The instruction sent: the prompt, or the comment's. */
  instruction?: string;
  /** The comment posted or edited on the pull request (the announce, or the reply). */
  commentUrl?: string;
  /**
   * How far the message got (not an output): `started` once its request went out, `answered`
   * once the service answered it. A stop before `started` sent nothing; one at `started` may
   * have (the service can act on a request whose answer never came).
   */
  send?: 'started' | 'answered';
  /** The review loop: each item this run delivered, with its result (the `delivered` output). */
  delivered?: DeliveredItem[];
  /** The review loop: the single-value outputs, those of the last item delivered. */
  outputs?: Record<string, string>;
}

export interface AgentResult {
  /** The job as last seen: its result for `final`; for `sent`, only the message's answer. */
  job: AgentJob;
  /**
   * `final`: completed, archived or failed, seen after the job took the message up; `sent`: a
   * follow-up not waited for (its answer may show the job's past, so nothing of it is reported);
   * `started`: a new job not waited for.
   */
  outcome: 'final' | 'sent' | 'started';
  /** Whether this run created the job (false: it sent a follow-up). */
  created: boolean;
  waited: boolean;
  polls: number;
}

export interface FollowUpDeps {
  reporter: Reporter;
  client: ServiceClient;
  signal?: AbortSignal;
  clock?: Clock;
  state?: AgentState;
  /**
   * Another sign that the job took the follow-up up, asked while it shows a final status that may
   * be its old one (the review loop: a new head commit on the pull request).
   */
  pickupSign?: OutsideSign;
}
