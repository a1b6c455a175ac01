/**
 * How one attempt's outcome is read: a transfer that broke or was stopped, a redirect, a valid
 * answer, or a refusal — each an ApiError that names the operation and says whether a retry is
 * safe. Pure functions of what the attempt saw, so the client only sends and retries.
 */
import * as v from 'valibot';
import { describeBody } from './body.js';
import type { Operation } from './operation.js';
import { describeNetworkError, errorCode, refusedBeforeSending } from '../shared/network.js';
import { parseRetryAfter } from '../shared/retry.js';
import { ApiError, describeStatus, hintForStatus } from './errors.js';
import { cleanText, describeIssues, ErrorBodySchema } from './schemas.js';

/** Largest response body read from the API; anything larger is refused, not buffered. */
export const MAX_RESPONSE_BYTES = 1024 * 1024;

const RETRYABLE_UNSAFE_STATUSES = new Set([429, 503]);
const NEVER_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
]);

export interface Failure {
  /** The error to throw if no retry follows. */
  error: ApiError;
  retry: boolean;
  retryAfterMs?: number;
}

/** A valid answer's value, or why the attempt failed. */
export type Answer<T> = { value: T } | Failure;

/** What the reading of an attempt needs to know about it. */
export interface AttemptContext {
  op: Operation<v.GenericSchema>;
  url: URL;
  attempt: number;
  /** This attempt's time limit (the request timeout, or less before the deadline). */
  limit: number;
  requestTimeoutMs: number;
  cancelled(): boolean;
  timedOut(): boolean;
}

function fail(
  ctx: AttemptContext,
  kind: ApiError['kind'],
  message: string,
  extra: Partial<ApiError> & { hint?: string; cause?: unknown } = {},
): ApiError {
  return new ApiError({ operation: ctx.op.name, kind, message, attempts: ctx.attempt, ...extra });
}

/** The transfer failed: cancelled, out of time, or the network broke. */
export function whyStopped(ctx: AttemptContext, err: unknown): Failure {
  const { op, url } = ctx;
  if (ctx.cancelled()) return { error: fail(ctx, 'aborted', 'cancelled'), retry: false };
  if (ctx.timedOut()) {
    const byDeadline = ctx.limit < ctx.requestTimeoutMs;
    return {
      error: fail(
        ctx,
        byDeadline ? 'deadline' : 'timeout',
        byDeadline
          ? `no complete answer before the deadline (${ctx.limit} ms left)`
          : `no complete answer within ${ctx.requestTimeoutMs} ms`,
        { hint: op.idempotent ? undefined : 'The service may still have acted on it.' },
      ),
      retry: op.idempotent && !byDeadline,
    };
  }
  const local = refusedBeforeSending(err);
  if (local)
    return {
      error: fail(ctx, 'network', `${local}: ${url.host}`, {
        hint: 'Nothing was sent. Use another port in base-url.',
        cause: err,
        // Refused by the runtime before a byte left: never "maybe received" (ApiError.mayHaveReached).
        neverSent: true,
      }),
      retry: false,
    };
  const code = errorCode(err);
  const neverSent = code !== undefined && NEVER_SENT_CODES.has(code);
  return {
    error: fail(
      ctx,
      'network',
      `network error (${describeNetworkError(err)}) talking to ${url.host}`,
      {
        hint: neverSent
          ? "Check base-url and the runner's network or proxy settings (HTTPS_PROXY, NO_PROXY)."
          : op.idempotent
            ? "The connection failed repeatedly: check the runner's network or proxy."
            : 'The connection broke after the request was sent, so it was not repeated (the service may have acted on it): check before running again.',
        cause: err,
        neverSent,
      },
    ),
    retry: op.idempotent || neverSent,
  };
}

export function tooLarge(ctx: AttemptContext, status: number): Failure {
  return {
    error: fail(
      ctx,
      'invalid-response',
      `the response body is larger than ${MAX_RESPONSE_BYTES} bytes`,
      {
        status,
        hint: 'Check that base-url points at the service and not at another server.',
      },
    ),
    retry: false,
  };
}

/** What a refusal's reading needs from the client: the time (for Retry-After) and the key's kind. */
export interface AnswerContext {
  now: number;
  assistantKey: boolean;
}

/** Reads a complete answer: a redirect (refused), a 2xx (parsed and checked), or a refusal. */
export function readAnswer(
  ctx: AttemptContext,
  status: number,
  headers: Headers,
  text: string,
  context: AnswerContext,
): Answer<unknown> {
  if (status >= 300 && status < 400) return redirect(ctx, status, headers.get('location'));
  if (status >= 200 && status < 300) return success(ctx, status, headers, text);
  return refusal(ctx, status, headers, text, context);
}

function redirect(ctx: AttemptContext, status: number, location: string | null): Failure {
  let where = 'another address';
  if (location) {
    try {
      const target = new URL(location, ctx.url);
      where = target.origin + target.pathname;
    } catch {
      where = 'an unreadable address';
    }
  }
  return {
    error: fail(
      ctx,
      'redirect',
      `the service answered ${describeStatus(status)} to ${where}; redirects are not followed (the API key must not be sent elsewhere)`,
      { status, hint: 'Set base-url to the final address of the service.' },
    ),
    retry: false,
  };
}

function success(
  ctx: AttemptContext,
  status: number,
  headers: Headers,
  text: string,
): Answer<unknown> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return {
      error: fail(
        ctx,
        'invalid-response',
        `the service answered ${describeStatus(status)} with a body that is not valid JSON (${describeBody(text, headers.get('content-type'))})`,
        {
          status,
          hint: 'Check that base-url points at the service and not at a proxy or web page.',
        },
      ),
      retry: false,
    };
  }
  const parsed = v.safeParse(ctx.op.schema, json);
  if (parsed.success) return { value: parsed.output };
  return {
    error: fail(
      ctx,
      'invalid-response',
      `unexpected response from the service: ${describeIssues(parsed.issues)}`,
      {
        status,
        hint: 'The service answered in a form this action does not understand; check base-url, or report it.',
      },
    ),
    retry: false,
  };
}

function refusal(
  ctx: AttemptContext,
  status: number,
  headers: Headers,
  text: string,
  { now, assistantKey }: AnswerContext,
): Failure {
  const { op } = ctx;
  let serviceMessage: string | undefined;
  try {
    const body = v.safeParse(ErrorBodySchema, JSON.parse(text));
    if (body.success) serviceMessage = cleanText(body.output.error);
  } catch {
    // Not JSON: a proxy's HTML page, say. Described below, never parsed further.
  }
  const said = serviceMessage
    ? `: "${serviceMessage}"`
    : text.trim() === ''
      ? ''
      : ` (${describeBody(text, headers.get('content-type'))})`;
  const retry =
    status === 429
      ? op.retryOn429 !== false
      : op.idempotent
        ? status >= 500
        : // A 503 may come after the service acted (ApiError.mayHaveReached): not for these.
          !op.atMostOnce && RETRYABLE_UNSAFE_STATUSES.has(status);
  const retryAfterMs = parseRetryAfter(headers.get('retry-after'), now);
  return {
    error: fail(ctx, 'http', `the service answered ${describeStatus(status)}${said}`, {
      status,
      serviceMessage,
      retryAfterMs,
      hint: hintForStatus(status, { assistantKey, ...op.hints }),
    }),
    retry,
    retryAfterMs,
  };
}
