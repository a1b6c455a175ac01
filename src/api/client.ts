/**
 * The one HTTP client of the service: auth, time limits, retries with back-off, response size
 * limits and schema checks, with every failure turned into an ApiError that names the operation.
 * The contract it speaks is docs/service.md.
 */
import type { Dispatcher } from 'undici';
import * as v from 'valibot';
import { EnvHttpProxyAgent, fetch } from '../shared/undici.js';
import { sleep as realSleep, type Sleep } from '../shared/sleep.js';
import { silentLogger, type Logger } from '../shared/logger.js';
import { timeLimit } from '../shared/time-limit.js';
import { USER_AGENT } from '../shared/version.js';
import { parseBaseUrl, joinUrl } from './base-url.js';
import {
  readAnswer,
  tooLarge,
  whyStopped,
  type Answer,
  type AttemptContext,
  MAX_RESPONSE_BYTES,
} from './answer.js';
import { readLimited, TooLarge } from './body.js';
import { ApiError, describeStatus } from './errors.js';
import type { Operation } from './operation.js';
import { backoffDelay, DEFAULT_RETRY, type RetryPolicy } from '../shared/retry.js';

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

export type { Operation } from './operation.js';

export { MAX_RESPONSE_BYTES } from './answer.js';

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

  /** One request: sent, its body read within the limits, and its answer read (answer.ts). */
  async #attempt<TSchema extends v.GenericSchema>(
    op: Operation<TSchema>,
    url: URL,
    call: CallOptions,
    attempt: number,
  ): Promise<Answer<v.InferOutput<TSchema>>> {
    const remaining = call.deadline === undefined ? Infinity : call.deadline - this.#now();
    const limit = Math.max(1, Math.min(this.#requestTimeoutMs, remaining));
    // The one time-limit timer (shared/time-limit.ts), which holds its controller until it fires.
    const time = timeLimit(limit, call.signal);
    const context: AttemptContext = {
      op,
      url,
      attempt,
      limit,
      requestTimeoutMs: this.#requestTimeoutMs,
      cancelled: () => call.signal?.aborted === true,
      timedOut: () => time.expired,
    };
    try {
      let response;
      try {
        response = await this.#send(op, url, time.signal);
      } catch (err) {
        return whyStopped(context, err);
      }
      let text: string;
      try {
        text = await readLimited(response.body, MAX_RESPONSE_BYTES);
      } catch (err) {
        if (err instanceof TooLarge) return tooLarge(context, response.status);
        return whyStopped(context, err);
      }
      // The service may quote the key; its text is cut short for messages, and a cut key would
      // no longer match the run's redactor, so the key goes before anything reads the text.
      text = text.split(this.#apiKey).join('***');
      return readAnswer(context, response.status, response.headers, text, {
        now: this.#now(),
        assistantKey: this.#apiKey.startsWith('mint_dsc_'),
      });
    } finally {
      time.clear();
    }
  }

  #send(op: Operation<v.GenericSchema>, url: URL, signal: AbortSignal) {
    return fetch(url, {
      method: op.method,
      headers: {
        authorization: `Bearer ${this.#apiKey}`,
        accept: 'application/json',
        'user-agent': this.#userAgent,
        ...(op.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: op.body === undefined ? undefined : JSON.stringify(op.body),
      // Never follow: the API key must not be sent to another address.
      redirect: 'manual',
      signal,
      dispatcher: this.#dispatcher,
    });
  }
}
