/**
 * Streams the bundle from its presigned link to disk: constant memory whatever its size, SHA-256
 * computed on the way, byte count checked, a partial file removed on failure. The API key is
 * never sent: the link is a credential of its own.
 */
import { createHash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { EnvHttpProxyAgent, request, type Dispatcher } from 'undici';
import { AtomicWriteError, writeAtomic } from '../shared/atomic-write.js';
import { describeNetworkError } from '../api/errors.js';
import { UserError } from '../shared/errors.js';
import { silentLogger, type Logger } from '../shared/logger.js';
import { sleep } from '../shared/sleep.js';
import { USER_AGENT } from '../shared/version.js';

export interface DownloadOptions {
  signal?: AbortSignal;
  deadline?: number;
  logger?: Logger;
  dispatcher?: Dispatcher;
  /** How the user named the destination, for messages. */
  display: string;
  attempts?: number;
}

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

/** Redirects a bundle link may take (object stores and CDNs do redirect); the key is never sent. */
const MAX_REDIRECTS = 5;

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'the storage host';
  }
}

/** Reads `<Code>` and `<Message>` of an object-storage error without echoing anything else. */
export function storageError(body: string): string {
  const code = /<Code>([^<]{1,80})<\/Code>/.exec(body)?.[1];
  const message = /<Message>([^<]{1,200})<\/Message>/.exec(body)?.[1];
  return [code, message].filter(Boolean).join(': ');
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

async function downloadOnce(
  url: string,
  dest: string,
  expectedBytes: number,
  options: DownloadOptions,
  dispatcher: Dispatcher,
): Promise<Downloaded> {
  const host = hostOf(url);
  const started = Date.now();
  const signals = [
    options.signal,
    options.deadline !== undefined
      ? AbortSignal.timeout(Math.max(1, options.deadline - Date.now()))
      : undefined,
  ].filter((s): s is AbortSignal => s !== undefined);
  const signal = signals.length > 0 ? AbortSignal.any(signals) : undefined;
  // undici's request() hands back a Node stream: far less overhead per chunk than fetch's web
  // streams, and back-pressure all the way to the socket, so memory stays flat.
  let response: Dispatcher.ResponseData | undefined;
  let target = url;
  try {
    for (let hop = 0; ; hop++) {
      response = await request(target, {
        method: 'GET',
        headers: { 'user-agent': USER_AGENT },
        signal,
        dispatcher,
      });
      const location = response.headers.location;
      if (
        response.statusCode >= 300 &&
        response.statusCode < 400 &&
        typeof location === 'string' &&
        hop < MAX_REDIRECTS
      ) {
        response.body.resume();
        target = new URL(location, target).href;
        continue;
      }
      break;
    }
  } catch (error) {
    if (options.signal?.aborted) throw error;
    if (signal?.aborted) throw timedOut(host);
    throw new Retryable(`network error talking to ${host}: ${describeNetworkError(error)}`);
  }
  if (
    response.statusCode >= 300 &&
    response.statusCode < 400 &&
    typeof response.headers.location === 'string'
  ) {
    response.body.resume();
    throw new UserError(
      `Downloading the bundle failed: ${host} redirected more than ${MAX_REDIRECTS} times (HTTP ${response.statusCode}). Run again to generate a fresh link; if it persists, report it.`,
    );
  }
  if (response.statusCode !== 200) {
    const body = await response.body.text().catch(() => '');
    const said = storageError(body);
    if (response.statusCode >= 500)
      throw new Retryable(
        `${host} answered HTTP ${response.statusCode}${said ? ` (${said})` : ''}`,
      );
    const hint =
      response.statusCode === 403
        ? 'The link has expired or its signature is not valid: run again to generate a fresh link.'
        : 'Run again to generate a fresh link; if it persists, report it.';
    const message = `Downloading the bundle failed: ${host} answered HTTP ${response.statusCode}${said ? ` (${said})` : ''}. ${hint}`;
    if ([400, 401, 403].includes(response.statusCode))
      throw new StorageRefusal(message, host, response.statusCode, said);
    throw new UserError(message);
  }

  const hash = createHash('sha256');
  let bytes = 0;
  try {
    // Not flushed to disk before the rename: the bundle is used by this job, and flushing 1 GiB
    // added ~0.4 s on the development machine (dd: 0.60 s, 0.96 s with fsync), a third of the
    // transfer. The rename alone keeps a partial file out of `dest`.
    await writeAtomic(dest, { suffix: 'part', durable: false }, async (file) => {
      await writeStream(response.body, file, signal, (chunk) => {
        bytes += chunk.length;
        if (bytes > expectedBytes) {
          throw new UserError(
            `The bundle from ${host} is larger than the ${expectedBytes} bytes the service announced. Run again; if it persists, report it.`,
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
    throw downloadFailure(error, { host, bytes, expectedBytes, options, signal });
  }
  return { path: dest, bytes, sha256: hash.digest('hex'), durationMs: Date.now() - started };
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

const BATCH_BYTES = 1024 * 1024;
const MAX_WRITES_IN_FLIGHT = 2;

/**
 * Writes `body` into `file` (the atomic write's temporary file). Each chunk is hashed
 * (`onChunk`) and copied into one of three reused 1 MiB buffers; a full buffer is written on the
 * thread pool while the next one fills. With two writes in flight the socket is paused
 * (back-pressure), so nothing here grows with the size. Copying lets every socket chunk die
 * young: holding the chunks until their write finished got them promoted to the old generation,
 * and a 1 GiB transfer then spent a third of a second in major collections. On the benchmark
 * machine this took a 256 MiB transfer from ~570 MiB/s (`stream.pipeline` into
 * `fs.createWriteStream`) to ~850 MiB/s. Once copied, each socket read's memory is released
 * (`releaseRead`). `onChunk` may throw to abort.
 */
async function writeStream(
  body: Readable,
  file: FileHandle,
  signal: AbortSignal | undefined,
  onChunk: (chunk: Buffer) => void,
): Promise<void> {
  signal?.throwIfAborted();
  await new Promise<void>((resolve, reject) => {
    const spare: Buffer[] = [];
    const take = () => spare.pop() ?? Buffer.allocUnsafe(BATCH_BYTES);
    let current = take();
    let used = 0;
    // Where the next buffer goes in the file. Each write names its position (pwrite): two writes
    // on the thread pool at once may run in either order, and without a position the second to
    // start could land first (seen under load: the right hash, a scrambled file).
    let position = 0;
    const inFlight = new Set<Promise<void>>();
    let ended = false;
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      body.destroy();
      signal?.removeEventListener('abort', onAbort);
      // Let writes already handed to the thread pool finish before the file is closed.
      void Promise.allSettled(inFlight).then(() => reject(error));
    };
    const onAbort = () => fail(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => {
      if (settled || !ended || inFlight.size > 0) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      resolve();
    };
    const submit = () => {
      const buffer = current;
      const length = used;
      const at = position;
      position += length;
      current = take();
      used = 0;
      const write: Promise<void> = file.write(buffer, 0, length, at).then(
        ({ bytesWritten }) => {
          inFlight.delete(write);
          if (settled) return;
          if (bytesWritten !== length) {
            fail(new Error(`short write (${bytesWritten} of ${length} bytes)`));
            return;
          }
          spare.push(buffer);
          if (body.isPaused() && !ended) body.resume();
          done();
        },
        (error: unknown) => {
          inFlight.delete(write);
          fail(error);
        },
      );
      inFlight.add(write);
      if (inFlight.size >= MAX_WRITES_IN_FLIGHT) body.pause();
    };
    // The last socket read, released when the next one arrives: undici is done with it by then.
    let previous: Buffer | undefined;
    body.on('data', (chunk: Buffer) => {
      if (settled) return;
      try {
        onChunk(chunk);
      } catch (error) {
        fail(error);
        return;
      }
      for (let offset = 0; offset < chunk.length;) {
        const n = chunk.copy(current, used, offset);
        used += n;
        offset += n;
        if (used === current.length) submit();
      }
      if (previous) releaseRead(previous);
      previous = chunk;
    });
    body.once('end', () => {
      ended = true;
      if (previous) releaseRead(previous);
      previous = undefined;
      if (used > 0) submit();
      done();
    });
    body.once('error', fail);
    // A body that failed while the file was being opened has already emitted its error (to
    // undici's own no-op listener): without this check the wait would never end, and with
    // nothing else pending the process would exit 0 halfway through the run.
    if (body.errored) fail(body.errored);
    else if (body.destroyed)
      fail(new Error('the connection closed before the whole answer arrived'));
  });
}

/**
 * Frees the memory of a socket read whose bytes have been copied out. Every read arrives in a
 * fresh buffer of its own (64 KiB over TCP, 16 KiB over TLS). Left alone, each waits for V8's next
 * garbage collection, and a download starts none before some 64 MiB of them have piled up: without
 * this, a 64 MiB bundle took the action to ~137 MiB RSS and 1 GiB to ~167 MiB (Node 24).
 * `ArrayBuffer.prototype.transfer(0)` detaches the buffer and frees its memory at once. Only a chunk
 * that is the whole of its buffer is released: undici hands over a read that is all body as it is,
 * and nothing else refers to it once the next read has arrived. A view into a larger buffer (the
 * read that also held the headers, or a small buffer from Node's shared pool) is left to the
 * collector. Node 20 has no `transfer` (the action runs on Node 24): there, all of them are.
 */
function releaseRead(chunk: Buffer): void {
  const memory = chunk.buffer as ArrayBuffer & { transfer?: (length?: number) => ArrayBuffer };
  if (chunk.byteOffset !== 0 || chunk.byteLength !== memory.byteLength) return;
  memory.transfer?.(0);
}
