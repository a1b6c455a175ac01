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
import { Readable } from 'node:stream';
import { EnvHttpProxyAgent, fetch, type Dispatcher } from 'undici';
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
  const signals = [
    options.signal,
    options.deadline !== undefined
      ? AbortSignal.timeout(Math.max(1, options.deadline - Date.now()))
      : undefined,
  ].filter((s): s is AbortSignal => s !== undefined);
  const signal = signals.length > 0 ? AbortSignal.any(signals) : undefined;
  let response;
  try {
    response = await fetch(url, {
      headers: { 'user-agent': USER_AGENT },
      redirect: 'follow',
      signal,
      dispatcher,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    if (signal?.aborted)
      throw new UserError(
        `Downloading the bundle from ${host} did not finish within the time limit. Raise timeout.`,
      );
    throw new Retryable(`network error talking to ${host}: ${describeCause(error)}`);
  }
  if (response.status !== 200) {
    const body = await response.text().catch(() => '');
    const said = storageError(body);
    if (response.status >= 500)
      throw new Retryable(`${host} answered HTTP ${response.status}${said ? ` (${said})` : ''}`);
    const hint =
      response.status === 403
        ? 'The link has expired or its signature is not valid: run again to generate a fresh link.'
        : 'Run again to generate a fresh link; if it persists, report it.';
    throw new UserError(
      `Downloading the bundle failed: ${host} answered HTTP ${response.status}${said ? ` (${said})` : ''}. ${hint}`,
    );
  }
  if (!response.body) throw new Retryable(`${host} sent no body`);

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
      Readable.fromWeb(response.body as import('node:stream/web').ReadableStream<Uint8Array>),
      meter,
      createWriteStream(temp, { flags: 'wx' }),
      { signal },
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
  return { path: dest, bytes, sha256: hash.digest('hex') };
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
