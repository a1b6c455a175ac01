/**
 * bundle-url: the team's own copy of the bundle (a mirror in their bucket, at a URL that does not
 * expire). Nothing is exported; before the URL is written it must answer: HEAD, or a GET of its
 * first byte where HEAD is refused (an S3 presigned GET link refuses HEAD: the method is signed).
 * The runner checks what the pods will fetch, so it must reach the URL as they do.
 */
import { EnvHttpProxyAgent, type Dispatcher } from 'undici';
import { describeNetworkError } from '../shared/network.js';
import { UserError } from '../shared/errors.js';
import { discard, errorText, requestFollowing } from '../shared/http.js';
import { redactLink } from '../shared/secrets.js';
import { sleep } from '../shared/sleep.js';
import { storageError } from './download.js';

export interface MirrorCheck {
  method: 'HEAD' | 'GET';
  status: number;
  /** From Content-Length (HEAD) or Content-Range (GET of byte 0), when the host says. */
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
  /** The storage's `<Code>: <Message>`, when it sent one. */
  said: string;
}

const REQUEST_TIMEOUT_MS = 15_000;
const ok = (status: number) => status >= 200 && status < 300;

/** Checks that the mirror answers; throws a UserError naming bundle-url when it does not. */
export async function checkMirror(url: string, options: MirrorCheckOptions): Promise<MirrorCheck> {
  const dispatcher = options.dispatcher ?? new EnvHttpProxyAgent();
  try {
    for (let attempt = 1; ; attempt++) {
      const head = await ask(url, 'HEAD', dispatcher, options);
      if (ok(head.status))
        return {
          method: 'HEAD',
          status: head.status,
          sizeBytes: size(head.headers['content-length']),
        };
      const get = await ask(url, 'GET', dispatcher, options);
      if (ok(get.status)) return { method: 'GET', status: get.status, sizeBytes: rangeTotal(get) };
      // A busy object store (503 SlowDown) is worth one more try.
      if (get.status >= 500 && attempt < 2 && Date.now() + 1000 < options.deadline) {
        await sleep(1000, options.signal);
        continue;
      }
      throw new UserError(
        `Input "bundle-url": ${redactLink(url)} answered HTTP ${head.status}${head.said ? ` (${head.said})` : ''} to HEAD and HTTP ${get.status}${get.said ? ` (${get.said})` : ''} to a GET of its first byte. Check that the upload finished under this key and that the file can be read without credentials (or that the presigned link is valid); ${options.valuesDisplay} was not changed.`,
        { input: 'bundle-url', transient: get.status >= 500 },
      );
    }
  } finally {
    if (options.dispatcher === undefined) await dispatcher.destroy().catch(() => undefined);
  }
}

/** One request, following redirects; the body is never read beyond an error's first bytes. */
async function ask(
  url: string,
  method: 'HEAD' | 'GET',
  dispatcher: Dispatcher,
  options: MirrorCheckOptions,
): Promise<Answer> {
  const limit = AbortSignal.timeout(
    Math.max(1, Math.min(REQUEST_TIMEOUT_MS, options.deadline - Date.now())),
  );
  const signal = options.signal ? AbortSignal.any([options.signal, limit]) : limit;
  try {
    const { response } = await requestFollowing(url, {
      method,
      headers: method === 'GET' ? { range: 'bytes=0-0' } : {},
      signal,
      dispatcher,
    });
    // A server that ignores Range would send the whole bundle: read only an error's text.
    const error = !ok(response.statusCode) && method === 'GET';
    const text = error ? await errorText(response.body) : '';
    discard(response.body);
    return { status: response.statusCode, headers: response.headers, said: storageError(text) };
  } catch (error) {
    if (options.signal?.aborted) throw error;
    const why = limit.aborted ? 'no answer in time' : describeNetworkError(error);
    throw new UserError(
      `Input "bundle-url": ${redactLink(url)} cannot be reached from the runner (${why}). Check the address, and that this runner can reach it as the pods will; ${options.valuesDisplay} was not changed.`,
      { input: 'bundle-url', transient: true },
    );
  }
}

function size(header: string | string[] | undefined): number | undefined {
  const value = Number(typeof header === 'string' ? header : undefined);
  return Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}

/** `Content-Range: bytes 0-0/1234` gives the whole size; a 200 (Range ignored) its length. */
function rangeTotal(answer: Answer): number | undefined {
  const range = answer.headers['content-range'];
  const total = typeof range === 'string' ? /\/(\d+)\s*$/.exec(range)?.[1] : undefined;
  if (total !== undefined) return size(total);
  return answer.status === 200 ? size(answer.headers['content-length']) : undefined;
}
