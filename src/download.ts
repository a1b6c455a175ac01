/**
 * Streams the bundle from its presigned link to disk: constant memory whatever its size, SHA-256
 * computed on the way, byte count checked, a partial file removed on failure. The API key is
 * never sent: the link is a credential of its own.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { EnvHttpProxyAgent, request, type Dispatcher } from 'undici';
import { UserError } from './errors.js';
import { silentLogger, type Logger } from './logger.js';
import { sleep } from './sleep.js';
import { USER_AGENT } from './version.js';

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

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'the storage host';
  }
}

/** Reads `<Code>` and `<Message>` of an object-storage error without echoing anything else. */
function storageError(body: string): string {
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
            );
          }
          throw error;
        }
        const wait = 1000 * 2 ** (attempt - 1);
        if (options.deadline !== undefined && Date.now() + wait >= options.deadline) {
          throw new UserError(
            `Downloading the bundle to download-path "${options.display}" failed (${error.message}) and the time limit leaves no room for another try. Raise timeout, or run again.`,
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
        hop < 5
      ) {
        response.body.resume();
        target = new URL(location, target).href;
        continue;
      }
      break;
    }
  } catch (error) {
    if (options.signal?.aborted) throw error;
    if (signal?.aborted)
      throw new UserError(
        `Downloading the bundle from ${host} did not finish within the time limit. Raise timeout.`,
      );
    throw new Retryable(`network error talking to ${host}: ${describeCause(error)}`);
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
    throw new UserError(
      `Downloading the bundle failed: ${host} answered HTTP ${response.statusCode}${said ? ` (${said})` : ''}. ${hint}`,
    );
  }

  const directory = dirname(dest);
  await mkdir(directory, { recursive: true }).catch((error: NodeJS.ErrnoException) => {
    throw new UserError(
      `download-path "${options.display}": its folder cannot be created (${error.code}). Check the path.`,
    );
  });
  const temp = join(
    directory,
    `.${basename(dest)}.${process.pid}.${randomBytes(4).toString('hex')}.part`,
  );
  const hash = createHash('sha256');
  let bytes = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      if (bytes > expectedBytes) {
        callback(
          new UserError(
            `The bundle from ${host} is larger than the ${expectedBytes} bytes the service announced. Run again; if it persists, report it.`,
          ),
        );
        return;
      }
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  try {
    await pipeline(
      response.body,
      meter,
      createWriteStream(temp, { flags: 'wx', highWaterMark: 1024 * 1024 }),
      {
        signal,
      },
    );
  } catch (error) {
    await rm(temp, { force: true });
    if (error instanceof UserError) throw error;
    if (options.signal?.aborted) throw error;
    if (signal?.aborted)
      throw new UserError(
        `Downloading the bundle from ${host} did not finish within the time limit. Raise timeout.`,
      );
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOSPC' || code === 'EDQUOT') {
      throw new UserError(
        `download-path "${options.display}": the disk is full (${code}) after ${bytes} of ${expectedBytes} bytes. Free space on the runner; the partial file was removed.`,
      );
    }
    if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS' || code === 'EISDIR') {
      throw new UserError(
        `download-path "${options.display}" cannot be written (${code}). Check the path and permissions.`,
      );
    }
    throw new Retryable(
      `the transfer from ${host} broke after ${bytes} of ${expectedBytes} bytes (${describeCause(error)})`,
    );
  }
  if (bytes !== expectedBytes) {
    await rm(temp, { force: true });
    throw new Retryable(`the transfer from ${host} ended after ${bytes} of ${expectedBytes} bytes`);
  }
  try {
    await rename(temp, dest);
  } catch (error) {
    await rm(temp, { force: true });
    throw new UserError(
      `download-path "${options.display}" cannot be written (${(error as NodeJS.ErrnoException).code}). Check that it is not a folder and that its folder is writable.`,
    );
  }
  return { path: dest, bytes, sha256: hash.digest('hex'), durationMs: Date.now() - started };
}

function describeCause(error: unknown): string {
  let current: unknown = error;
  for (let i = 0; i < 4 && current; i++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return error instanceof Error ? error.message : String(error);
}
