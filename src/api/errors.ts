import type { MayPassLater } from '../shared/errors.js';
import type { StopCause, StopReason } from '../shared/stop.js';

export type ApiErrorKind =
  | 'config' // the client was given something unusable (base URL, key)
  | 'http' // the service answered with an error status
  | 'network' // no usable answer: refused, reset, DNS, TLS
  | 'timeout' // one request took longer than the per-request limit
  | 'deadline' // the caller's overall deadline passed
  | 'aborted' // the caller cancelled
  | 'redirect' // the service answered with a redirect, which is never followed
  | 'invalid-response'; // the body was not the JSON the operation promises

export interface ApiErrorDetails {
  operation: string;
  kind: ApiErrorKind;
  /** What went wrong, without the hint. Never contains the API key. */
  message: string;
  /** What a person can do about it. */
  hint?: string;
  status?: number;
  /** The service's own `error` text, when it sent one. */
  serviceMessage?: string;
  /** How many requests were sent for this operation. */
  attempts?: number;
  /** The wait the service asked for (Retry-After), when it sent one. */
  retryAfterMs?: number;
  /** The request never left: the connection was refused, or the host not found. */
  neverSent?: boolean;
  cause?: unknown;
}

/** The one error type the service client throws. */
export class ApiError extends Error implements StopCause, MayPassLater {
  override readonly name = 'ApiError';
  readonly operation: string;
  readonly kind: ApiErrorKind;
  readonly status: number | undefined;
  readonly serviceMessage: string | undefined;
  readonly hint: string | undefined;
  readonly attempts: number;
  /** The wait the service asked for (Retry-After), e.g. with a 429. */
  readonly retryAfterMs: number | undefined;
  /** The message without operation name and hint. */
  readonly reason: string;
  /** The request never left (connection refused, host not found): the service has nothing. */
  readonly neverSent: boolean;

  constructor(details: ApiErrorDetails) {
    const hint = details.hint ? ` ${details.hint}` : '';
    super(`${details.operation}: ${details.message}.${hint}`, { cause: details.cause });
    this.operation = details.operation;
    this.kind = details.kind;
    this.status = details.status;
    this.serviceMessage = details.serviceMessage;
    this.hint = details.hint;
    this.attempts = details.attempts ?? 0;
    this.retryAfterMs = details.retryAfterMs;
    this.reason = details.message;
    this.neverSent = details.neverSent === true;
  }

  /**
   * The one rule of "maybe received", for a request that is not idempotent: it may have reached
   * the service, and been acted on, once its body may have been sent: a broken connection (other
   * than one that never opened), no answer in time, an answer that cannot be read, or a 5xx. A
   * refusal the service explains (4xx) and a request that never left did not. The client does not
   * repeat an at-most-once request that may have reached it, and the agent settles such a send
   * by the job's pickup instead (agent/job.ts).
   */
  get mayHaveReached(): boolean {
    if (this.kind === 'network') return !this.neverSent;
    if (this.kind === 'timeout' || this.kind === 'invalid-response') return true;
    return this.kind === 'http' && (this.status ?? 0) >= 500;
  }

  /**
   * Why the run stopped, when the caller cut this call short (shared/stop.ts maps it): its signal
   * aborted ('cancelled') or its overall deadline passed ('timeout'). Undefined for other kinds.
   */
  get stopReason(): StopReason | undefined {
    if (this.kind === 'aborted') return 'cancelled';
    if (this.kind === 'deadline') return 'timeout';
    return undefined;
  }

  /**
   * Whether running again unchanged may succeed: not when the service refused the request as given
   * (a 4xx other than 408 and 429: the key, the plan, the id); yes for the network, time limits
   * and the service's own failures.
   */
  get transient(): boolean {
    const status = this.status;
    return !(
      status !== undefined &&
      status >= 400 &&
      status < 500 &&
      status !== 408 &&
      status !== 429
    );
  }

  /** The same error with a note added to its reason ("; no time left ..."). */
  withNote(note: string, attempts = this.attempts): ApiError {
    return new ApiError({
      operation: this.operation,
      kind: this.kind,
      status: this.status,
      serviceMessage: this.serviceMessage,
      hint: this.hint,
      attempts,
      retryAfterMs: this.retryAfterMs,
      neverSent: this.neverSent,
      message: `${this.reason}; ${note}`,
      cause: this,
    });
  }
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export function describeStatus(status: number): string {
  const text = STATUS_TEXT[status];
  return text ? `HTTP ${status} ${text}` : `HTTP ${status}`;
}

export interface HintContext {
  /** The key looks like a public assistant key (`mint_dsc_`). */
  assistantKey: boolean;
  /** Hint for 403, specific to the operation's resource. */
  forbiddenHint?: string;
  /** Hint for 404, specific to the operation's resource. */
  notFoundHint?: string;
  /** Hint for 429, specific to the operation. */
  rateLimitHint?: string;
  /** Hint for 409, specific to the operation (only generating a bundle has a known cause). */
  conflictHint?: string;
}

export function hintForStatus(status: number, ctx: HintContext): string {
  switch (status) {
    case 400:
      return 'The service rejected the request body: check the inputs named in its message.';
    case 401:
      return ctx.assistantKey
        ? 'The api-key is a public assistant key (it starts with mint_dsc_): these endpoints need an admin API key (it starts with mint_), from the API keys page of the dashboard.'
        : 'Check the api-key: it must be an admin API key (it starts with mint_, not mint_dsc_), from the API keys page of the dashboard, stored as a secret. If this key worked before, it has most likely expired (admin keys expire after 7, 30, 60 or 90 days, 90 by default, unless created to never expire): create a new one on the API keys page of the dashboard and update the secret.';
    case 403:
      return (
        ctx.forbiddenHint ??
        'The key is not allowed to do this: check that the organization has the plan this feature needs.'
      );
    case 404:
      return ctx.notFoundHint ?? 'The service does not know this resource: check the id.';
    case 409:
      return (
        ctx.conflictHint ??
        "The service refused the request in the resource's current state: check its status, then run again."
      );
    case 429:
      return (
        ctx.rateLimitHint ?? 'The service is rate limiting this key: wait a while and run again.'
      );
    default:
      if (status >= 500)
        return 'The service had a problem: try again later, and check its status page if it persists.';
      return 'The service refused the request.';
  }
}
