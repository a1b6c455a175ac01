/**
 * bundle-url: the team's own copy of the bundle (a mirror in their bucket, at a URL that does not
 * expire). Nothing is exported; before the URL is written, a GET of its first bytes must answer 2xx
 * with gzip data. A status alone proves little: a sign-in page behind a redirect, a CDN's fallback
 * page or an empty object all answer 200, and the pods could not start from any of them. (A GET, not
 * a HEAD: an S3 presigned GET link refuses HEAD, as the method is signed.) The runner checks what
 * the pods will fetch, so it must reach the URL as they do.
 */
import type { Dispatcher } from 'undici';
import { EnvHttpProxyAgent } from '../shared/undici.js';
import { describeNetworkError } from '../shared/network.js';
import { UserError } from '../shared/errors.js';
import { errorText, readAtMost, requestFollowing } from '../shared/http.js';
import { redactLink } from '../shared/secrets.js';
import { sleep } from '../shared/sleep.js';
import { printable } from '../shared/text.js';
import { storageError } from './download.js';
import { timeLimit } from '../shared/time-limit.js';

export interface MirrorCheck {
  status: number;
  /** From Content-Range (or Content-Length when the host ignored the range), when it says. */
  sizeBytes: number | undefined;
}

export interface MirrorCheckOptions {
  signal?: AbortSignal;
  deadline: number;
  /** The values file as the user named it, for messages. */
  valuesDisplay: string;
  dispatcher?: Dispatcher;
}

interface Answer {
  status: number;
  headers: Dispatcher.ResponseData['headers'];
  /** The address that answered, after redirects. */
  url: URL;
  /** A 2xx answer's first bytes. */
  first: Buffer;
  /** The storage's `<Code>: <Message>`, when it sent one. */
  said: string;
}

const REQUEST_TIMEOUT_MS = 15_000;
/** Every .tar.gz starts with these two bytes. */
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);
const ok = (status: number) => status >= 200 && status < 300;

/** Checks that the mirror serves gzip data; throws a UserError naming bundle-url when not. */
export async function checkMirror(url: string, options: MirrorCheckOptions): Promise<MirrorCheck> {
  const dispatcher = options.dispatcher ?? new EnvHttpProxyAgent();
  try {
    for (let attempt = 1; ; attempt++) {
      const get = await ask(url, dispatcher, options);
      if (ok(get.status)) {
        if (!get.first.equals(GZIP_MAGIC)) throw notTheBundle(url, get, options);
        return { status: get.status, sizeBytes: rangeTotal(get) };
      }
      // A busy object store (503 SlowDown) is worth one more try.
      if (get.status >= 500 && attempt < 2 && Date.now() + 1000 < options.deadline) {
        await sleep(1000, options.signal);
        continue;
      }
      throw new UserError(
        `Input "bundle-url": ${redactLink(url)} answered HTTP ${get.status}${get.said ? ` (${get.said})` : ''} to a GET of its first bytes. Check that the upload finished under this key and that the file can be read without credentials (or that the presigned link is valid); ${options.valuesDisplay} was not changed.`,
        { input: 'bundle-url', transient: get.status >= 500 },
      );
    }
  } finally {
    if (options.dispatcher === undefined) await dispatcher.destroy().catch(() => undefined);
  }
}

/** A 2xx that is not gzip data: what answered, where (after redirects), and what it sent. */
function notTheBundle(url: string, answer: Answer, options: MirrorCheckOptions): UserError {
  const type = answer.headers['content-type'];
  const where =
    answer.url.origin !== new URL(url).origin
      ? ` from ${answer.url.origin} (where it redirected)`
      : '';
  const sent =
    answer.first.length === 0
      ? 'an empty body'
      : `a body starting ${[...answer.first].map((b) => b.toString(16).padStart(2, '0')).join(' ')}${typeof type === 'string' ? ` (Content-Type ${printable(type)})` : ''}`;
  return new UserError(
    `Input "bundle-url": ${redactLink(url)} answered HTTP ${answer.status}${where} with ${sent}, not gzip data (a .tar.gz starts 1f 8b): a sign-in or error page, or an empty object, which the pods could not start from. Check that the URL serves the bundle itself to a client without credentials; ${options.valuesDisplay} was not changed.`,
    { input: 'bundle-url' },
  );
}

/** One GET of the first two bytes, following redirects; never more of the body than that. */
async function ask(
  url: string,
  dispatcher: Dispatcher,
  options: MirrorCheckOptions,
): Promise<Answer> {
  const limit = timeLimit(
    Math.min(REQUEST_TIMEOUT_MS, options.deadline - Date.now()),
    options.signal,
  );
  const { signal } = limit;
  try {
    const { response, url: answered } = await requestFollowing(url, {
      method: 'GET',
      headers: { range: `bytes=0-${GZIP_MAGIC.length - 1}` },
      signal,
      dispatcher,
    });
    const base = { status: response.statusCode, headers: response.headers, url: answered };
    // A server that ignores Range would send the whole bundle: only its first bytes are read.
    if (ok(response.statusCode)) {
      const read = await readAtMost(response.body, GZIP_MAGIC.length);
      return { ...base, first: read.bytes, said: '' };
    }
    return { ...base, first: Buffer.alloc(0), said: storageError(await errorText(response.body)) };
  } catch (error) {
    if (options.signal?.aborted) throw error;
    const why = limit.expired ? 'no answer in time' : describeNetworkError(error);
    throw new UserError(
      `Input "bundle-url": ${redactLink(url)} cannot be reached from the runner (${why}). Check the address, and that this runner can reach it as the pods will; ${options.valuesDisplay} was not changed.`,
      { input: 'bundle-url', transient: true },
    );
  } finally {
    limit.clear();
  }
}

function size(header: string | string[] | undefined): number | undefined {
  const value = Number(typeof header === 'string' ? header : undefined);
  return Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}

/** `Content-Range: bytes 0-1/1234` gives the whole size; a 200 (Range ignored) its length. */
function rangeTotal(answer: Answer): number | undefined {
  const range = answer.headers['content-range'];
  const total = typeof range === 'string' ? /\/(\d+)\s*$/.exec(range)?.[1] : undefined;
  if (total !== undefined) return size(total);
  return answer.status === 200 ? size(answer.headers['content-length']) : undefined;
}
