/**
 * Streams the bundle from its presigned link to disk: constant memory whatever its size, SHA-256
 * computed on the way, byte count checked, a partial file removed on failure. The API key is
 * never sent: the link is a credential of its own.
 */
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import { EnvHttpProxyAgent } from '../shared/undici.js';
import { AtomicWriteError, writeAtomic } from '../shared/atomic-write.js';
import { describeNetworkError } from '../shared/network.js';
import { UserError } from '../shared/errors.js';
import { errorText, MAX_REDIRECTS, requestFollowing } from '../shared/http.js';
import { silentLogger, type Logger } from '../shared/logger.js';
import { sleep } from '../shared/sleep.js';
import { printable } from '../shared/text.js';
import { writeStream } from './write-stream.js';
import { timeLimit } from '../shared/time-limit.js';

export interface DownloadOptions {
  signal?: AbortSignal;
  deadline?: number;
  logger?: Logger;
  dispatcher?: Dispatcher;
  /** How the user named the destination, for messages. */
  display: string;
  attempts?: number;
  /** Whose link it is (messages say what to do): the export's (the default), or bundle-url's. */
  source?: BundleSource;
}

/**
 * The export's presigned link can be generated again; bundle-url names the team's own file,
 * which only they can fix.
 */
export type BundleSource = 'export' | 'bundle-url';

/** The words of the messages that depend on whose link it is. */
const WORDING = {
  export: {
    failed: 'Downloading the bundle failed',
    redirects: 'Run again to generate a fresh link; if it persists, report it.',
    expired:
      'The link has expired or its signature is not valid: run again to generate a fresh link.',
    refused: 'Run again to generate a fresh link; if it persists, report it.',
    announced: 'the service announced. Run again; if it persists, report it.',
  },
  'bundle-url': {
    failed: 'Downloading the bundle from bundle-url failed',
    redirects: "Set bundle-url to the file's final address.",
    expired:
      'Check that the file can be read without credentials (or that your presigned link is still valid).',
    refused:
      'Check that the file is still at bundle-url (it answered the check at the start of the run), then run again.',
    announced:
      'bundle-url announced when it was checked (Content-Length). Check that the file was not replaced during the run, then run again.',
  },
} as const satisfies Record<BundleSource, Record<string, string>>;

export interface Downloaded {
  path: string;
  bytes: number;
  sha256: string;
  /** From the request to the file in place, for the last (successful) attempt. */
  durationMs: number;
}

class Retryable extends Error {}

/**
 * The storage host refused the link itself (400, 401 or 403: expired, or a signature it does not
 * accept), with its own reason (`AccessDenied: Request has expired`). A fresh link may work.
 */
export class StorageRefusal extends UserError {
  constructor(
    message: string,
    readonly host: string,
    readonly status: number,
    /** The storage's `<Code>: <Message>`, or '' when it gave none. */
    readonly said: string,
  ) {
    super(message);
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'the storage host';
  }
}

/**
 * Reads `<Code>` and `<Message>` of an object-storage error without echoing anything else. They
 * reach the log and the terminal: a line break, an escape or other control character is shown as
 * text (`\u000a`), so no line of theirs can start a workflow command or move a terminal's cursor.
 */
export function storageError(body: string): string {
  const code = /<Code>([^<]{1,80})<\/Code>/.exec(body)?.[1];
  const message = /<Message>([^<]{1,200})<\/Message>/.exec(body)?.[1];
  return [code, message]
    .filter((part): part is string => Boolean(part))
    .map(printable)
    .join(': ');
}

export async function downloadBundle(
  url: string,
  dest: string,
  expectedBytes: number,
  options: DownloadOptions,
): Promise<Downloaded> {
  const logger = options.logger ?? silentLogger;
  const attempts = options.attempts ?? 3;
  const dispatcher = options.dispatcher ?? new EnvHttpProxyAgent();
  const owned = options.dispatcher === undefined;
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        return await downloadOnce(url, dest, expectedBytes, options, dispatcher);
      } catch (error) {
        if (!(error instanceof Retryable) || attempt >= attempts) {
          if (error instanceof Retryable) {
            throw new UserError(
              `Downloading the bundle to download-path "${options.display}" failed after ${attempt} attempts: ${error.message}. Check the runner's network (HTTPS_PROXY, NO_PROXY) and free disk space, then run again.`,
              { transient: true },
            );
          }
          throw error;
        }
        const wait = 1000 * 2 ** (attempt - 1);
        if (options.deadline !== undefined && Date.now() + wait >= options.deadline) {
          throw new UserError(
            `Downloading the bundle to download-path "${options.display}" failed (${error.message}) and the time limit leaves no room for another try. Raise timeout, or run again.`,
            { transient: true },
          );
        }
        logger.warning(`Bundle download failed (${error.message}); retrying in ${wait / 1000}s.`);
        await sleep(wait, options.signal);
      }
    }
  } finally {
    if (owned) await dispatcher.destroy().catch(() => undefined);
  }
}

/** The time limit (the `timeout` input) ran out during a transfer. */
function timedOut(host: string): UserError {
  return new UserError(
    `Downloading the bundle from ${host} did not finish within the time limit. Raise timeout.`,
    { transient: true },
  );
}

/** One attempt; a Retryable error is worth another. */
async function downloadOnce(
  url: string,
  dest: string,
  expectedBytes: number,
  options: DownloadOptions,
  dispatcher: Dispatcher,
): Promise<Downloaded> {
  const host = hostOf(url);
  const started = Date.now();
  // The caller's signal, joined with the time limit (the `timeout` input) when there is one.
  const limit =
    options.deadline !== undefined
      ? timeLimit(options.deadline - Date.now(), options.signal)
      : undefined;
  const signal = limit?.signal ?? options.signal;
  try {
    const response = await requestBundle(url, signal, dispatcher, host, options);
    await refuseUnusable(response, host, WORDING[options.source ?? 'export']);
    const { bytes, sha256 } = await saveBody(response.body, dest, expectedBytes, {
      host,
      options,
      signal,
    });
    return { path: dest, bytes, sha256, durationMs: Date.now() - started };
  } finally {
    limit?.clear();
  }
}

/**
 * GETs the link, following up to MAX_REDIRECTS redirects (object stores and CDNs do redirect; the
 * key is never sent): the answer after the last is returned as it is, a redirect included
 * (`refuseUnusable` says so).
 */
async function requestBundle(
  url: string,
  signal: AbortSignal | undefined,
  dispatcher: Dispatcher,
  host: string,
  options: DownloadOptions,
): Promise<Dispatcher.ResponseData> {
  // requestFollowing hands back undici's Node stream: far less overhead per chunk than fetch's
  // web streams, and back-pressure all the way to the socket, so memory stays flat.
  try {
    return (await requestFollowing(url, { method: 'GET', signal, dispatcher })).response;
  } catch (error) {
    if (options.signal?.aborted) throw error;
    if (signal?.aborted) throw timedOut(host);
    throw new Retryable(`network error talking to ${host}: ${describeNetworkError(error)}`);
  }
}

function isRedirect(response: Dispatcher.ResponseData): boolean {
  return response.statusCode >= 300 && response.statusCode < 400;
}

/**
 * Throws unless the answer is the bundle (HTTP 200): a redirect too many, a refusal by the storage
 * (StorageRefusal, for 400, 401 and 403), or a server error, worth another try (Retryable).
 */
async function refuseUnusable(
  response: Dispatcher.ResponseData,
  host: string,
  words: (typeof WORDING)[BundleSource],
): Promise<void> {
  const status = response.statusCode;
  if (isRedirect(response) && typeof response.headers.location === 'string') {
    response.body.resume();
    throw new UserError(
      `${words.failed}: ${host} redirected more than ${MAX_REDIRECTS} times (HTTP ${status}). ${words.redirects}`,
    );
  }
  if (status === 200) return;
  const said = storageError(await errorText(response.body));
  if (status >= 500)
    throw new Retryable(`${host} answered HTTP ${status}${said ? ` (${said})` : ''}`);
  const hint = status === 403 ? words.expired : words.refused;
  const message = `${words.failed}: ${host} answered HTTP ${status}${said ? ` (${said})` : ''}. ${hint}`;
  if ([400, 401, 403].includes(status)) throw new StorageRefusal(message, host, status, said);
  throw new UserError(message);
}

/**
 * Writes the body to `dest` through a temporary file, hashing it on the way and checking its
 * length against the one the service announced.
 */
async function saveBody(
  body: Readable,
  dest: string,
  expectedBytes: number,
  at: { host: string; options: DownloadOptions; signal: AbortSignal | undefined },
): Promise<{ bytes: number; sha256: string }> {
  const { host, signal } = at;
  const hash = createHash('sha256');
  let bytes = 0;
  try {
    // Not flushed to disk before the rename: the bundle is used by this job, and flushing 1 GiB
    // added ~0.4 s on the development machine (dd: 0.60 s, 0.96 s with fsync), a third of the
    // transfer. The rename alone keeps a partial file out of `dest`.
    await writeAtomic(dest, { suffix: 'part', durable: false }, async (file) => {
      await writeStream(body, file, signal, (chunk) => {
        bytes += chunk.length;
        if (bytes > expectedBytes) {
          throw new UserError(
            `The bundle from ${host} is larger than the ${expectedBytes} bytes ${WORDING[at.options.source ?? 'export'].announced}`,
          );
        }
        hash.update(chunk);
      });
      if (bytes !== expectedBytes)
        throw new Retryable(
          `the transfer from ${host} ended after ${bytes} of ${expectedBytes} bytes`,
        );
    });
  } catch (error) {
    throw downloadFailure(error, { ...at, bytes, expectedBytes });
  }
  return { bytes, sha256: hash.digest('hex') };
}

/** The error to throw for a failed write of the bundle (the partial file is already removed). */
function downloadFailure(
  error: unknown,
  at: {
    host: string;
    bytes: number;
    expectedBytes: number;
    options: DownloadOptions;
    signal: AbortSignal | undefined;
  },
): unknown {
  const { host, bytes, expectedBytes, options } = at;
  if (error instanceof UserError || error instanceof Retryable) return error;
  if (error instanceof AtomicWriteError && error.step === 'folder')
    return new UserError(
      `download-path "${options.display}": its folder cannot be created (${error.code}). Check the path.`,
    );
  if (error instanceof AtomicWriteError && error.step === 'rename')
    return new UserError(
      `download-path "${options.display}" cannot be written (${error.code}). Check that it is not a folder and that its folder is writable.`,
    );
  if (options.signal?.aborted) return error;
  if (at.signal?.aborted) return timedOut(host);
  const cause = error instanceof AtomicWriteError ? error.cause : error;
  const code = (cause as NodeJS.ErrnoException).code;
  if (code === 'ENOSPC' || code === 'EDQUOT') {
    return new UserError(
      `download-path "${options.display}": the disk is full (${code}) after ${bytes} of ${expectedBytes} bytes. Free space on the runner; the partial file was removed.`,
    );
  }
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS' || code === 'EISDIR') {
    return new UserError(
      `download-path "${options.display}" cannot be written (${code}). Check the path and permissions.`,
    );
  }
  return new Retryable(
    `the transfer from ${host} broke after ${bytes} of ${expectedBytes} bytes (${describeNetworkError(cause)})`,
  );
}
