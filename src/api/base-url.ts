import { DEFAULT_BASE_URL } from '../shared/constants.js';
import { ApiError } from './errors.js';

const LOOPBACK_HOSTS = new Set(['localhost', '[::1]', '::1']);

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return (
    LOOPBACK_HOSTS.has(host) || /^127(\.\d{1,3}){3}$/.test(host) || host.endsWith('.localhost')
  );
}

/**
 * The address as messages may show it: not at all when it may hold a user name or password
 * (`https://user:password@host`), whatever else is wrong with it.
 */
export function shownBaseUrl(raw: string): string {
  return raw.includes('@') ? '(redacted)' : raw;
}

function refuse(raw: string, problem: string, fix: string): never {
  throw new ApiError({
    operation: 'configure the client',
    kind: 'config',
    message: `base-url "${raw}" ${problem}`,
    hint: fix,
  });
}

/**
 * Parses the service address a user typed into a base URL whose path ends with `/`, so that
 * relative operation paths join under it (`https://proxy.corp/docs-api` + `v1/...` keeps
 * `/docs-api/`). Plain http is accepted only for loopback hosts: the bearer key must not cross a
 * network in clear text.
 */
export function parseBaseUrl(raw: string): URL {
  const text = raw.trim();
  const shown = shownBaseUrl(raw);
  if (text === '')
    refuse(raw, 'is empty', `Set it to the service address, e.g. ${DEFAULT_BASE_URL}.`);
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    refuse(
      shown,
      'has no scheme',
      shown === raw
        ? `Write it with https://, e.g. https://${text.replace(/^\/+/, '')}.`
        : 'Write it with https://.',
    );
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refuse(shown, 'is not a valid URL', 'Write it as https://host[:port][/path].');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    refuse(
      shown,
      `uses ${url.protocol.slice(0, -1)}://`,
      'Only https:// (or http:// to a loopback address) is supported.',
    );
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    refuse(
      shown,
      'uses plain http:// to a host that is not loopback',
      'Use https://: the admin API key must not cross a network in clear text.',
    );
  }
  if (url.username || url.password) {
    refuse(
      shown,
      'contains a user name or password',
      'Remove them; the API key is sent as a bearer token.',
    );
  }
  if (url.search || url.hash) {
    refuse(shown, 'has a query or fragment', 'Remove everything after "?" or "#".');
  }
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return url;
}

/** Joins an operation path (no leading slash needed) under the base URL's path. */
export function joinUrl(base: URL, path: string): URL {
  return new URL(path.replace(/^\/+/, ''), base);
}
