/**
 * The one HTTP client of the service: auth, time limits, retries with back-off, response size
 * limits and schema checks, with every failure turned into an ApiError that names the operation.
 * The contract it speaks is docs/service.md.
 */
import { EnvHttpProxyAgent, fetch, type Dispatcher } from 'undici';
import * as v from 'valibot';
import { sleep as realSleep, type Sleep } from '../shared/sleep.js';
import { silentLogger, type Logger } from '../shared/logger.js';
import { USER_AGENT } from '../shared/version.js';
import { parseBaseUrl, joinUrl } from './base-url.js';
import {
  ApiError,
  describeNetworkError,
  describeStatus,
  hintForStatus,
  type HintContext,
} from './errors.js';
import { backoffDelay, DEFAULT_RETRY, parseRetryAfter, type RetryPolicy } from './retry.js';
import { cleanText, describeIssues, ErrorBodySchema } from './schemas.js';
import { describeBody, readLimited, TooLarge } from './body.js';

export interface ClientOptions {
  baseUrl: string | URL;
  apiKey: string;
  /** Limit for one request, from sending to the last byte of the body. */
  requestTimeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  logger?: Logger;
  /** Source of randomness for back-off jitter (seeded in tests). */
  random?: () => number;
  sleep?: Sleep;
  now?: () => number;
  /** HTTP dispatcher; by default one that honours HTTPS_PROXY / HTTP_PROXY / NO_PROXY. */
  dispatcher?: Dispatcher;
  userAgent?: string;
}

export interface CallOptions {
  /** Cancels the operation at once, retries included. */
  signal?: AbortSignal;
  /** Epoch milliseconds after which no request is started and no retry waited for. */
  deadline?: number;
}

export interface Operation<TSchema extends v.GenericSchema> {
  /** Human name used in every message: "start export job". */
  name: string;
  method: 'GET' | 'POST';
  /** Path under the base URL, without a leading slash. */
  path: string;
  body?: unknown;
  schema: TSchema;
  /**
   * Whether repeating the request is harmless. Unsafe operations are retried only where the
   * service cannot have acted on them: connection refused, 429 and 503.
   */
  idempotent: boolean;
  /** Whether a 429 is worth waiting out (false where it means an exhausted hourly quota). */
  retryOn429?: boolean;
  hints?: Omit<HintContext, 'assistantKey'>;
}

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

interface Attempt {
  /** The error to throw if no retry follows. */
  error: ApiError;
  retry: boolean;
  retryAfterMs?: number;
}

function errorCode(err: unknown): string | undefined {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export class ServiceClient {
  readonly baseUrl: URL;
  readonly #apiKey: string;
  readonly #requestTimeoutMs: number;
  readonly #retry: RetryPolicy;
  readonly #logger: Logger;
  readonly #random: () => number;
  readonly #sleep: Sleep;
  readonly #now: () => number;
  readonly #dispatcher: Dispatcher;
  readonly #ownsDispatcher: boolean;
  readonly #userAgent: string;

  constructor(options: ClientOptions) {
    this.baseUrl = options.baseUrl instanceof URL ? options.baseUrl : parseBaseUrl(options.baseUrl);
    const key = options.apiKey.trim();
    if (key === '') {
      throw new ApiError({
        operation: 'configure the client',
        kind: 'config',
        message: 'the API key is empty',
        hint: 'Pass the admin API key (it starts with mint_) from a secret.',
      });
    }
    if (/[\r\n]/.test(key)) {
      throw new ApiError({
        operation: 'configure the client',
        kind: 'config',
        message: 'the API key contains a line break',
        hint: 'Store the key on a single line in the secret.',
      });
    }
    this.#apiKey = key;
    this.#requestTimeoutMs = options.requestTimeoutMs ?? 30_000;
    this.#retry = { ...DEFAULT_RETRY, ...options.retry };
    this.#logger = options.logger ?? silentLogger;
    this.#random = options.random ?? Math.random;
    this.#sleep = options.sleep ?? realSleep;
    this.#now = options.now ?? Date.now;
    // Reads HTTPS_PROXY / HTTP_PROXY / NO_PROXY (and their lower-case forms) now.
    this.#dispatcher = options.dispatcher ?? new EnvHttpProxyAgent();
    this.#ownsDispatcher = options.dispatcher === undefined;
    this.#userAgent = options.userAgent ?? USER_AGENT;
  }

  /** Closes idle connections so that the process can exit at once. */
  async close(): Promise<void> {
    if (this.#ownsDispatcher) await this.#dispatcher.destroy().catch(() => undefined);
  }

  /** Sends one operation, retrying where it is safe, and returns its validated body. */
  async request<TSchema extends v.GenericSchema>(
    op: Operation<TSchema>,
    call: CallOptions = {},
  ): Promise<v.InferOutput<TSchema>> {
    const url = joinUrl(this.baseUrl, op.path);
    for (let attempt = 1; ; attempt++) {
      this.#checkCancelled(op, call, attempt - 1);
      const outcome = await this.#attempt(op, url, call, attempt);
      if (!('error' in outcome)) return outcome.value;
      const { error, retry, retryAfterMs } = outcome;
      if (!retry) throw error;
      if (attempt >= this.#retry.maxAttempts)
        throw error.withNote(`gave up after ${attempt} attempts`, attempt);
      if (retryAfterMs !== undefined && retryAfterMs > this.#retry.maxRetryAfterMs) {
        throw error.withNote(
          `the service asks to wait ${Math.ceil(retryAfterMs / 1000)} s before retrying, longer than this run waits`,
          attempt,
        );
      }
      const delay = retryAfterMs ?? backoffDelay(attempt, this.#retry, this.#random);
      if (call.deadline !== undefined && this.#now() + delay >= call.deadline) {
        throw error.withNote(`no time left for another try before the deadline`, attempt);
      }
      this.#logger.debug(
        `${op.name}: ${error.kind === 'http' ? describeStatus(error.status ?? 0) : error.kind}; retry ${attempt}/${this.#retry.maxAttempts - 1} in ${delay} ms`,
      );
      try {
        await this.#sleep(delay, call.signal);
      } catch {
        this.#checkCancelled(op, call, attempt);
      }
    }
  }

  #checkCancelled(op: Operation<v.GenericSchema>, call: CallOptions, attempts: number): void {
    if (call.signal?.aborted) {
      throw new ApiError({ operation: op.name, kind: 'aborted', message: 'cancelled', attempts });
    }
    if (call.deadline !== undefined && this.#now() >= call.deadline) {
      throw new ApiError({
        operation: op.name,
        kind: 'deadline',
        message: 'the deadline passed before the request could be sent',
        attempts,
      });
    }
  }

  async #attempt<TSchema extends v.GenericSchema>(
    op: Operation<TSchema>,
    url: URL,
    call: CallOptions,
    attempt: number,
  ): Promise<{ value: v.InferOutput<TSchema> } | Attempt> {
    const remaining = call.deadline === undefined ? Infinity : call.deadline - this.#now();
    const limit = Math.max(1, Math.min(this.#requestTimeoutMs, remaining));
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), limit);
    const signal = call.signal ? AbortSignal.any([call.signal, timeout.signal]) : timeout.signal;
    const fail = (
      kind: ApiError['kind'],
      message: string,
      extra: Partial<ApiError> & { hint?: string; cause?: unknown } = {},
    ) => new ApiError({ operation: op.name, kind, message, attempts: attempt, ...extra });
    const whyStopped = (err: unknown): Attempt => {
      if (call.signal?.aborted) return { error: fail('aborted', 'cancelled'), retry: false };
      if (timeout.signal.aborted) {
        const byDeadline = limit < this.#requestTimeoutMs;
        return {
          error: fail(
            byDeadline ? 'deadline' : 'timeout',
            byDeadline
              ? `no complete answer before the deadline (${limit} ms left)`
              : `no complete answer within ${this.#requestTimeoutMs} ms`,
            { hint: op.idempotent ? undefined : 'The service may still have acted on it.' },
          ),
          retry: op.idempotent && !byDeadline,
        };
      }
      const code = errorCode(err);
      const neverSent = code !== undefined && NEVER_SENT_CODES.has(code);
      return {
        error: fail(
          'network',
          `network error (${describeNetworkError(err)}) talking to ${url.host}`,
          {
            hint: neverSent
              ? "Check base-url and the runner's network or proxy settings (HTTPS_PROXY, NO_PROXY)."
              : op.idempotent
                ? "The connection failed repeatedly: check the runner's network or proxy."
                : 'The connection broke after the request was sent, so it was not repeated (the service may have acted on it): check before running again.',
            cause: err,
          },
        ),
        retry: op.idempotent || neverSent,
      };
    };

    try {
      let response;
      try {
        response = await fetch(url, {
          method: op.method,
          headers: {
            authorization: `Bearer ${this.#apiKey}`,
            accept: 'application/json',
            'user-agent': this.#userAgent,
            ...(op.body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: op.body === undefined ? undefined : JSON.stringify(op.body),
          redirect: 'manual',
          signal,
          dispatcher: this.#dispatcher,
        });
      } catch (err) {
        return whyStopped(err);
      }

      let text: string;
      try {
        text = await readLimited(response.body, MAX_RESPONSE_BYTES);
      } catch (err) {
        if (err instanceof TooLarge) {
          return {
            error: fail(
              'invalid-response',
              `the response body is larger than ${MAX_RESPONSE_BYTES} bytes`,
              {
                status: response.status,
                hint: 'Check that base-url points at the service and not at another server.',
              },
            ),
            retry: false,
          };
        }
        return whyStopped(err);
      }

      const status = response.status;
      if (status >= 300 && status < 400) {
        const location = response.headers.get('location');
        let where = 'another address';
        if (location) {
          try {
            const target = new URL(location, url);
            where = target.origin + target.pathname;
          } catch {
            where = 'an unreadable address';
          }
        }
        return {
          error: fail(
            'redirect',
            `the service answered ${describeStatus(status)} to ${where}; redirects are not followed (the API key must not be sent elsewhere)`,
            {
              status,
              hint: 'Set base-url to the final address of the service.',
            },
          ),
          retry: false,
        };
      }

      if (status >= 200 && status < 300) {
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          return {
            error: fail(
              'invalid-response',
              `the service answered ${describeStatus(status)} with a body that is not valid JSON (${describeBody(text, response.headers.get('content-type'))})`,
              {
                status,
                hint: 'Check that base-url points at the service and not at a proxy or web page.',
              },
            ),
            retry: false,
          };
        }
        const parsed = v.safeParse(op.schema, json);
        if (!parsed.success) {
          return {
            error: fail(
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
        return { value: parsed.output };
      }

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
          : ` (${describeBody(text, response.headers.get('content-type'))})`;
      const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), this.#now());
      const retry =
        status === 429
          ? op.retryOn429 !== false
          : op.idempotent
            ? status >= 500
            : RETRYABLE_UNSAFE_STATUSES.has(status);
      return {
        error: fail('http', `the service answered ${describeStatus(status)}${said}`, {
          status,
          serviceMessage,
          retryAfterMs,
          hint: hintForStatus(status, {
            assistantKey: this.#apiKey.startsWith('mint_dsc_'),
            ...op.hints,
          }),
        }),
        retry,
        retryAfterMs,
      };
    } finally {
      clearTimeout(timer);
    }
  }
}
