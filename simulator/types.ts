/** The simulator's scenarios, faults and records: what a test can ask of it and read back. */
export type SimOperation =
  | 'start-export'
  | 'get-export'
  | 'bundle'
  | 'create-agent'
  | 'get-agent'
  | 'message'
  | 'download'
  | 'unknown';

export interface ExportScenario {
  /** Time spent `queued` before the job starts running. */
  queuedMs: number;
  /** Time from `running` to the final status. */
  runningMs: number;
  /** Pages in the site (the paths' count wins when paths are given). */
  pageCount: number;
  /** `never` keeps the job running forever. */
  outcome: 'completed' | 'failed' | 'never';
  /** The `error` text of a failed job. */
  error: string;
  /** Random wobble of the progress figure, in percentage points. */
  progressNoise: number;
  /** Answer 409 to this many bundle requests right after completion (eventual consistency). */
  conflictsAfterCompletion: number;
  /** Padding added to the bundle archive (for download benchmarks), in bytes. */
  extraBundleBytes: number;
  /**
   * How the answers write what the contract leaves unshown. `contract`: as docs/service.md shows
   * them. `loose`: a status the contract does not name (`rendering`) for the first half of the
   * running phase, `pageCount` as a numeric string, `progress` on a 0-250 scale (out of range).
   */
  answerStyle: 'contract' | 'loose';
  /** How generate-bundle writes expiresAt: RFC 3339 UTC, epoch seconds, without an offset, or not at all. */
  expiresAtForm: 'iso' | 'epoch-seconds' | 'no-offset' | 'missing';
  /**
   * How much longer the link's own signature lives than the expiresAt the answer states (a
   * service that removes the bundle before its signature ends); 0: the same time.
   */
  signedLongerMs: number;
}

export interface AgentScenario {
  /** Time an agent job stays `active` after a create or a follow-up message. */
  activeMs: number;
  outcome: 'completed' | 'failed' | 'archived' | 'never';
  /** Whether the finished job has a pull request (false: "no files changed"). */
  prLink: boolean;
  /**
   * The `error` text of a failed job. The published contract has no such field; the client reads
   * it when present (as an export job's), so the simulator sends one to exercise that.
   */
  error: string;
  /** A follow-up pushes to the job's pull request (`same`) or opens another one (`new`). */
  followUpPr: 'same' | 'new';
  /**
   * How long after a follow-up message the job takes it up (the service processes messages
   * asynchronously): until then the message's answer and every get-job show the job as it was.
   * `Infinity`: never taken up.
   */
  pickupMs: number;
  /**
   * A job still at earlier work when a follow-up message comes ends that work this long after
   * the message (unset: when its own activeMs says). Lets a test hold a job busy however long the
   * run takes to start, and still know when the busy work ends relative to the send.
   */
  busyLeftMs?: number;
}

export type Fault =
  /** Answer with this status and body (default: a JSON `{"error": ...}`). */
  | { type: 'status'; status: number; body?: string; contentType?: string; retryAfter?: string }
  /** Drop the connection before acting on the request. */
  | { type: 'reset' }
  /** Act on the request, then drop the connection instead of answering. */
  | { type: 'reset-after' }
  /** Act on the request, then answer this status (a gateway's 503 after passing it on). */
  | { type: 'status-after'; status: number }
  /** Wait, then answer normally. */
  | { type: 'delay'; ms: number }
  /** Answer normally, but send the body a few bytes at a time. */
  | { type: 'drip'; bytesPerTick: number; tickMs: number }
  /** Answer 200 with truncated JSON. */
  | { type: 'malformed-json' }
  /** Answer 200 with this JSON body instead of the real one. */
  | { type: 'json'; status?: number; body: unknown }
  /** Answer 200 with a body of this many bytes. */
  | { type: 'huge-body'; bytes: number }
  /** Answer with a redirect. */
  | { type: 'redirect'; status?: number; location: string }
  /** Storage only: refuse the link as S3 refuses one past its expiry (403 AccessDenied). */
  | { type: 'expired' };

export interface FaultRule {
  /** Which operation it hits; any when absent. */
  op?: SimOperation;
  /** Let this many matching requests through first. */
  after?: number;
  /** How many matching requests it hits (default 1; Infinity for all). */
  times?: number;
  fault: Fault;
}

export interface SimulatorOptions {
  seed?: number;
  /** The admin key the simulator accepts. */
  apiKey?: string;
  /** An admin key whose organization lacks the Enterprise plan (403 on static export). */
  noPlanKey?: string;
  projectId?: string;
  /** Follow-up messages allowed per project per hour. */
  messageLimit?: number;
  /** Life of a presigned link. */
  bundleTtlMs?: number;
  /**
   * Lives of the next presigned links, in order (then bundleTtlMs): a negative one gives a link
   * whose expiresAt has already passed.
   */
  linkLifetimesMs?: number[];
  export?: Partial<ExportScenario>;
  agent?: Partial<AgentScenario>;
  faults?: FaultRule[];
  /** Probability that any API request meets a random fault from `randomFaults`. */
  faultRate?: number;
  randomFaults?: Fault[];
  host?: string;
  port?: number;
  storagePort?: number;
  now?: () => number;
}

export interface RecordedRequest {
  op: SimOperation;
  method: string;
  path: string;
  /** The raw Authorization header, so tests can prove what was (not) sent. */
  authorization: string | undefined;
  userAgent: string | undefined;
  body: unknown;
  status: number | 'reset';
  fault?: Fault['type'];
  at: number;
}

export interface ExportJobState {
  jobId: string;
  domain: string;
  version: string | null;
  paths: string[] | null;
  scenario: ExportScenario;
  createdAt: number;
  lastProgress: number;
  updatedAt: number;
  conflictsLeft: number;
  bundle?: Buffer;
}

export interface AgentJobState {
  id: string;
  scenario: AgentScenario;
  createdAt: number;
  activeSince: number;
  messages: number;
  prNumber: number;
  ref: string | null;
  finalStatus: 'completed' | 'failed' | 'archived' | null;
  /** Until this time (a follow-up not yet taken up) the job is shown as `previous`. */
  pickupAt: number;
  previous: AgentJobState | null;
}

export const DEFAULT_EXPORT: ExportScenario = {
  queuedMs: 300,
  runningMs: 1500,
  pageCount: 24,
  outcome: 'completed',
  error: 'Build failed: page guides/broken.mdx has invalid frontmatter',
  progressNoise: 2,
  conflictsAfterCompletion: 0,
  extraBundleBytes: 0,
  answerStyle: 'contract',
  expiresAtForm: 'iso',
  signedLongerMs: 0,
};

export const DEFAULT_AGENT: AgentScenario = {
  activeMs: 800,
  outcome: 'completed',
  prLink: true,
  error: 'The agent could not build the site: docs.json is not valid JSON',
  followUpPr: 'new',
  pickupMs: 1000,
};

/** The faults a `faultRate` draws from, unless the options name others. */
export const DEFAULT_RANDOM_FAULTS: Fault[] = [
  {
    type: 'status',
    status: 502,
    body: '<html><title>502 Bad Gateway</title></html>',
    contentType: 'text/html',
  },
  { type: 'status', status: 503, retryAfter: '1' },
  { type: 'status', status: 429, retryAfter: '1' },
  { type: 'reset' },
];
