/**
 * The live-site check: `helm upgrade` exiting 0 does not prove that the site serves the new export
 * (an ingress or CDN cache, a wrong host, an init container that fetched the old link). After the
 * rollout, verify-url is fetched with back-off until it answers 2xx with the new export's page:
 * the archive's file for that path when the bundle was downloaded, any 2xx otherwise.
 */
import type { Dispatcher } from 'undici';
import { EnvHttpProxyAgent } from '../shared/undici.js';
import { describeNetworkError } from '../shared/network.js';
import { formatDuration, formatElapsed } from '../shared/duration.js';
import { UserError } from '../shared/errors.js';
import { readAtMost, requestFollowing } from '../shared/http.js';
import type { Logger } from '../shared/logger.js';
import {
  backoffSchedule,
  pollUntil,
  PollTimeout,
  systemClock,
  type Clock,
} from '../shared/poll.js';
import { printable } from '../shared/text.js';
import { entryMatches, MAX_PAGE_BYTES, pageCandidates, readArchiveFiles } from './archive.js';
import type { VerifySettings } from './inputs.js';
import { timeLimit } from '../shared/time-limit.js';

/** Whose bundle was downloaded: the export's, or the team's own copy named by bundle-url. */
type BundleSource = 'export' | 'bundle-url';

/** A page of the bundle, as the live site should serve it. */
export interface BundlePage {
  /** Its name in the archive (`site/index.html`). */
  name: string;
  body: Buffer;
}

/** The new export's pages, read from the downloaded bundle as the check needs them. */
export interface ExpectedSite {
  pageFor(urlPath: string): Promise<BundlePage | undefined>;
}

export interface Verification {
  /** The address that answered (after redirects). */
  url: string;
  status: number;
  /** The bundle's page the answer equalled; undefined when any 2xx counted (no download). */
  page: string | undefined;
  checks: number;
  durationMs: number;
  /**
   * The page was already served before the values were written (a refresh of the same export):
   * the check then shows the content is live, not that the site fetched it from the new link.
   */
  servedBefore: boolean;
}

export interface VerifyOptions {
  logger: Logger;
  signal?: AbortSignal;
  clock?: Clock;
  /** Hides secrets from the page text quoted in messages. */
  redact: (text: string) => string;
  dispatcher?: Dispatcher;
}

/** One look at the site. */
interface Observation {
  ok: boolean;
  url: string;
  status?: number;
  /** What was seen, for the log and the failure message. */
  seen: string;
  page?: string;
  /** The check was cut by verify-timeout itself, not answered: it says nothing of the site. */
  cut?: boolean;
}

const REQUEST_TIMEOUT_MS = 10_000;
/** Enough of a page to recognise it; printable() shortens what is shown to 80 characters. */
const SNIPPET_BYTES = 400;

/**
 * The bundle's pages, read lazily from the archive at `path` (one pass per page path). `source`
 * says whose bundle it is, for the message when it is not a .tar.gz archive.
 */
export function bundlePages(path: string, source: BundleSource = 'export'): ExpectedSite {
  const cache = new Map<string, Promise<BundlePage | undefined>>();
  return {
    pageFor(urlPath) {
      let page = cache.get(urlPath);
      if (!page) {
        const candidates = pageCandidates(urlPath);
        page = readArchiveFiles(path, (name) => candidates.some((c) => entryMatches(name, c))).then(
          (files) => {
            for (const candidate of candidates)
              for (const [name, body] of files)
                if (entryMatches(name, candidate)) return { name, body };
            return undefined;
          },
          (error: unknown) => {
            throw unreadableArchive(error, source);
          },
        );
        cache.set(urlPath, page);
      }
      return page;
    },
  };
}

/** The downloaded file is not a .tar.gz archive: the export's is worth another run, a mirror's not. */
function unreadableArchive(error: unknown, source: BundleSource): UserError {
  const { code, message } = error as NodeJS.ErrnoException;
  const why =
    typeof code === 'string' && code.startsWith('Z_')
      ? `not gzip data: ${printable(message)}`
      : printable(message ?? String(error));
  return new UserError(
    source === 'export'
      ? `The downloaded bundle cannot be read as a .tar.gz archive (${why}), so the live site cannot be compared with it. Run again; if it persists, report it.`
      : `The bundle downloaded from bundle-url cannot be read as a .tar.gz archive (${why}), so the live site cannot be compared with it. Check that bundle-url names the bundle as exported (a .tar.gz file), or unset download-path to check the live site without comparing its page.`,
  );
}

/**
 * The page verify-url must serve, found before anything is written: a verify-url the bundle has no
 * page for would wait out verify-timeout for nothing.
 */
export async function expectPage(
  settings: VerifySettings,
  site: ExpectedSite,
  valuesDisplay: string,
): Promise<BundlePage> {
  const page = await site.pageFor(settings.url.pathname);
  if (page) return page;
  throw new UserError(
    `Input "verify-url": the bundle has no page for ${settings.url.pathname} (looked for ${pageCandidates(settings.url.pathname).join(', ')}), so the live site cannot be compared with it. Point verify-url at a page of the export, e.g. the site's root /; ${valuesDisplay} was not changed.`,
    { input: 'verify-url' },
  );
}

/** A first look is short: it only tells whether the site already serves the new export's page. */
const FIRST_LOOK_MS = 5_000;

/**
 * One look at the live site before anything is written: true when it already serves the new
 * export's page, so that a pass after the write is not taken for proof of the new link. A site
 * that does not answer is no reason to stop: false.
 */
export async function servedAlready(
  settings: VerifySettings,
  site: ExpectedSite,
  options: VerifyOptions,
): Promise<boolean> {
  const dispatcher = options.dispatcher ?? new EnvHttpProxyAgent();
  try {
    const look = await observe(
      settings.url.href,
      site,
      dispatcher,
      Date.now() + FIRST_LOOK_MS,
      options,
    );
    return look.ok;
  } catch {
    // Cancelled while looking: the pipeline stops right after, with the job id to resume with.
    return false;
  } finally {
    if (options.dispatcher === undefined) await dispatcher.destroy().catch(() => undefined);
  }
}

/**
 * Checks the live site until it serves the new export, or verify-timeout runs out. `servedBefore`
 * is what servedAlready saw before the write.
 */
export async function verifyLiveSite(
  settings: VerifySettings,
  site: ExpectedSite | undefined,
  options: VerifyOptions & { servedBefore?: boolean },
): Promise<Verification> {
  const { logger } = options;
  const clock = options.clock ?? systemClock;
  const started = clock.now();
  const dispatcher = options.dispatcher ?? new EnvHttpProxyAgent();
  const url = settings.url.href;
  logger.info(
    site
      ? `Checking that ${url} serves the new export (its page must equal the bundle's), for up to ${formatDuration(settings.timeoutMs)}.`
      : `Checking that ${url} answers 2xx, for up to ${formatDuration(settings.timeoutMs)}. The bundle was not downloaded (no download-path), so any 2xx answer counts, old content included: set download-path to compare the page with the new export.`,
  );
  let shown = '';
  // What the site last said: a check cut short by verify-timeout does not replace it.
  let answered: Observation | undefined;
  try {
    const done = await pollUntil<Observation>({
      check: (call) => observe(url, site, dispatcher, call.deadline, options),
      isDone: (o) => o.ok,
      schedule: backoffSchedule(1000, 1.5, 15_000),
      deadline: started + settings.timeoutMs,
      signal: options.signal,
      clock,
      onResult: (o, now) => {
        if (o.seen !== shown && !o.ok)
          logger.info(`${formatElapsed(now - started)}: ${o.url} ${o.seen}; checking again.`);
        shown = o.seen;
        if (!o.cut) answered = o;
      },
    });
    const o = done.value;
    const durationMs = clock.now() - started;
    const servedBefore = site !== undefined && options.servedBefore === true;
    logger.info(
      `${site ? 'The live site serves the new export' : 'The live site answers'}: ${o.url} ${o.seen} (check ${done.polls}, after ${formatElapsed(durationMs)}).${servedBefore ? ' It served this page before the values were written too (the same content), so this shows the content is live, not that the site fetched it from the new link.' : ''}`,
    );
    return {
      url: o.url,
      status: o.status!,
      page: o.page,
      checks: done.polls,
      durationMs,
      servedBefore,
    };
  } catch (error) {
    if (!(error instanceof PollTimeout)) throw error;
    const final = error.last as Observation | undefined;
    const last = answered ?? final;
    const cutAfter = last !== final ? ' (a later check was cut short by verify-timeout)' : '';
    throw new UserError(
      `The live site did not ${site ? 'serve the new export' : 'answer 2xx'} within verify-timeout (${formatDuration(settings.timeoutMs)}): ${last ? `${last.url} last ${last.seen}${cutAfter}` : `${url} was not checked in time`}. Check that the pods restarted with the new values, that they can fetch the bundle, and that no cache (ingress, CDN) serves an old copy; raise verify-timeout if they only need longer to start.`,
    );
  } finally {
    if (options.dispatcher === undefined) await dispatcher.destroy().catch(() => undefined);
  }
}

async function observe(
  url: string,
  site: ExpectedSite | undefined,
  dispatcher: Dispatcher,
  deadline: number,
  options: VerifyOptions,
): Promise<Observation> {
  const left = deadline - Date.now();
  const limit = timeLimit(Math.min(REQUEST_TIMEOUT_MS, left), options.signal);
  const { signal } = limit;
  let answer: { status: number; url: URL; body: Buffer; complete: boolean };
  try {
    const { response, url: final } = await requestFollowing(url, {
      method: 'GET',
      signal,
      dispatcher,
    });
    const read = await readAtMost(response.body, MAX_PAGE_BYTES);
    answer = { status: response.statusCode, url: final, body: read.bytes, complete: read.complete };
  } catch (error) {
    options.signal?.throwIfAborted();
    const why = limit.expired ? 'no answer in time' : describeNetworkError(error);
    const cut = limit.expired && left < REQUEST_TIMEOUT_MS;
    return { ok: false, url, seen: `could not be reached (${why})`, cut };
  } finally {
    limit.clear();
  }
  const at = answer.url.href;
  const served = snippet(answer.body, answer.complete, options.redact);
  if (answer.status < 200 || answer.status > 299)
    return {
      ok: false,
      url: at,
      status: answer.status,
      seen: `answered HTTP ${answer.status} (served ${served})`,
    };
  if (!site)
    return { ok: true, url: at, status: answer.status, seen: `answered HTTP ${answer.status}` };
  const page = await site.pageFor(answer.url.pathname);
  if (!page)
    return {
      ok: false,
      url: at,
      status: answer.status,
      seen: `answered HTTP ${answer.status} from ${answer.url.pathname}, a path the bundle has no page for (served ${served})`,
    };
  if (answer.complete && page.body.equals(answer.body))
    return {
      ok: true,
      url: at,
      status: answer.status,
      page: page.name,
      seen: `equals ${page.name} of the bundle`,
    };
  return {
    ok: false,
    url: at,
    status: answer.status,
    seen: `answered HTTP ${answer.status} with a page that is not the bundle's ${page.name} (served ${served})`,
  };
}

/** What was served, short and safe to print: its size and first characters, secrets hidden. */
function snippet(body: Buffer, complete: boolean, redact: (text: string) => string): string {
  const size = complete ? `${body.length} bytes` : `over ${MAX_PAGE_BYTES} bytes`;
  if (body.length === 0) return 'an empty body';
  const text = redact(body.subarray(0, SNIPPET_BYTES).toString('utf8')).replace(/\s+/g, ' ').trim();
  return `${size}: "${printable(text).replace(/"/g, "'")}"`;
}
