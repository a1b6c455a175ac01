/**
 * A plain GET or HEAD to an address that is not the service (a mirror, the live site): redirects
 * followed (object stores, CDNs and sites do redirect), no credentials sent, the runner's proxy
 * settings (HTTPS_PROXY, NO_PROXY) honoured through the dispatcher the caller owns.
 */
import type { Dispatcher } from 'undici';
import { USER_AGENT } from './version.js';

export const MAX_REDIRECTS = 5;

export interface Followed {
  response: Dispatcher.ResponseData;
  /** The address that answered, after redirects. */
  url: URL;
}

/** Sends the request, following up to MAX_REDIRECTS redirects; the caller consumes the body. */
export async function requestFollowing(
  url: string,
  options: {
    method: 'GET' | 'HEAD';
    headers?: Record<string, string>;
    signal: AbortSignal | undefined;
    dispatcher: Dispatcher;
  },
): Promise<Followed> {
  // undici's index, loaded on the first call, not at start (undici.ts says why).
  const { request } = await import('undici');
  let target = url;
  for (let hop = 0; ; hop++) {
    const response = await request(target, {
      method: options.method,
      headers: { 'user-agent': USER_AGENT, ...options.headers },
      signal: options.signal,
      dispatcher: options.dispatcher,
    });
    const location = response.headers.location;
    const redirect = response.statusCode >= 300 && response.statusCode < 400;
    if (redirect && typeof location === 'string' && hop < MAX_REDIRECTS) {
      response.body.resume();
      target = new URL(location, target).href;
      continue;
    }
    return { response, url: new URL(target) };
  }
}

/** Reads at most `max` bytes of a body, then drops the connection's rest. */
export async function readAtMost(
  body: Dispatcher.ResponseData['body'],
  max: number,
): Promise<{ bytes: Buffer; complete: boolean }> {
  const chunks: Buffer[] = [];
  let length = 0;
  let complete = true;
  try {
    for await (const chunk of body) {
      chunks.push(chunk as Buffer);
      length += (chunk as Buffer).length;
      if (length > max) {
        complete = false;
        break;
      }
    }
  } finally {
    discard(body);
  }
  return { bytes: Buffer.concat(chunks).subarray(0, max), complete };
}

/**
 * The first bytes of an error answer's body as text, '' when it cannot be read: enough for an
 * object store's `<Code>` and `<Message>`, and never a whole bundle from a server that sends one.
 */
export function errorText(body: Dispatcher.ResponseData['body'], max = 4096): Promise<string> {
  return readAtMost(body, max).then(
    (read) => read.bytes.toString('utf8'),
    () => '',
  );
}

/** Drops a body that will not be read (an unread undici body errors when destroyed: ignored). */
export function discard(body: Dispatcher.ResponseData['body']): void {
  body.on('error', () => undefined);
  body.destroy();
}
