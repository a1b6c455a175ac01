/**
 * When a bundle link stops working, read from what we are given: the service's `expiresAt` (whose
 * format the contract leaves unshown) and the link itself (presigned links of S3, GCS and Azure
 * carry their own expiry). One reader for both, so a keep-alive and a publish agree on "expired".
 * Never throws: what cannot be read is `undefined` ("unknown"), and the caller decides what an
 * unknown expiry means (a publish warns; a keep-alive refreshes).
 */

/** Epoch numbers below this are seconds, above it milliseconds (1e11 s is the year 5138). */
const SECONDS_BELOW = 1e11;

/**
 * RFC 3339 date-time: `T`, `t` or a space between date and time, optional fraction, and an offset
 * (`Z`, `z` or ±HH:MM). A time without an offset is left unread: it would mean the runner's time
 * zone, which is not what the service meant.
 */
const RFC3339 =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/** A time stated as RFC 3339 text, or as epoch seconds or milliseconds (number or digits). */
export function parseTimestamp(value: unknown): Date | undefined {
  if (typeof value === 'number') return fromEpoch(value);
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return fromEpoch(Number(text));
  const match = RFC3339.exec(text);
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second, fraction = '', offset = ''] = match;
  if (Number(month) < 1 || Number(month) > 12 || Number(day) < 1 || Number(day) > 31) {
    return undefined;
  }
  if (Number(hour) > 23 || Number(minute) > 59 || Number(second) > 60) return undefined;
  // Date.parse reads this normalised form the same way on every Node version; milliseconds only.
  const ms = fraction ? fraction.slice(0, 4).padEnd(4, '0') : '';
  const iso = `${year}-${month}-${day}T${hour}:${minute}:${second}${ms}${offset.toUpperCase()}`;
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return undefined;
  // Date.parse rolls 2026-02-31 over into March: a date that is not in the calendar is unread.
  const check = new Date(time + offsetMs(offset));
  if (check.getUTCDate() !== Number(day)) return undefined;
  return new Date(time);
}

function offsetMs(offset: string): number {
  if (offset === 'Z' || offset === 'z') return 0;
  const sign = offset.startsWith('-') ? -1 : 1;
  return sign * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6))) * 60_000;
}

function fromEpoch(value: number): Date | undefined {
  if (!Number.isFinite(value) || value <= 0) return undefined;
  const ms = value < SECONDS_BELOW ? value * 1000 : value;
  const date = new Date(Math.round(ms));
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** What a link says about its own expiry. */
export interface LinkExpiry {
  /** When the link's signature stops being accepted; undefined when the link does not say. */
  expiresAt: Date | undefined;
  /** Which scheme it was read from (for messages), or why it could not be read. */
  scheme: 'aws-sigv4' | 'aws-sigv2' | 'gcs-v4' | 'gcs-v2' | 'azure-sas' | 'none';
  /**
   * Signed with temporary credentials (an STS session token): the link dies with the session,
   * which may be sooner than the signature says and which the link does not state.
   */
  temporaryCredentials: boolean;
}

/**
 * A link's own expiry as far as it can be trusted, for a link nothing else dates (a deployed link, a
 * bundle-url): none when it is signed with temporary credentials (it dies with their session, which
 * it does not state) or states none it can read; `unknown` says why.
 */
export function trustedExpiry(link: string): {
  expiresAt: Date | undefined;
  unknown: string | undefined;
  /** It carries a signature of a known scheme: a link without one may well never expire. */
  signed: boolean;
} {
  const read = linkExpiry(link);
  const signed = read.scheme !== 'none' || hasSignature(link);
  if (read.temporaryCredentials)
    return {
      expiresAt: undefined,
      unknown:
        'signed with temporary credentials (X-Amz-Security-Token), which can end before the signature says',
      signed,
    };
  if (read.expiresAt) return { expiresAt: read.expiresAt, unknown: undefined, signed };
  return { expiresAt: undefined, unknown: 'the link states no expiry the action can read', signed };
}

/** A signature parameter of a known scheme, whether or not its expiry can be read. */
function hasSignature(link: string): boolean {
  try {
    return [...new URL(link).searchParams.keys()].some((key) =>
      /^(x-amz-signature|x-goog-signature|signature|sig)$/i.test(key),
    );
  } catch {
    return false;
  }
}

/** Reads a presigned link's own expiry (S3 SigV4/V2, GCS V4/V2, Azure SAS). Never throws. */
export function linkExpiry(link: string): LinkExpiry {
  let params: URLSearchParams;
  try {
    params = new URL(link).searchParams;
  } catch {
    return { expiresAt: undefined, scheme: 'none', temporaryCredentials: false };
  }
  // Query names compared without case: signers agree on the spelling, proxies sometimes do not.
  const get = (name: string): string | undefined => {
    for (const [key, value] of params) if (key.toLowerCase() === name.toLowerCase()) return value;
    return undefined;
  };
  const temporaryCredentials = get('X-Amz-Security-Token') !== undefined;
  const result = (scheme: LinkExpiry['scheme'], expiresAt: Date | undefined): LinkExpiry => ({
    expiresAt,
    scheme,
    temporaryCredentials,
  });

  const amzDate = get('X-Amz-Date');
  if (amzDate !== undefined) {
    return result('aws-sigv4', signedPlus(amzDate, get('X-Amz-Expires')));
  }
  const googDate = get('X-Goog-Date');
  if (googDate !== undefined) {
    return result('gcs-v4', signedPlus(googDate, get('X-Goog-Expires')));
  }
  const sasEnd = get('se');
  if (sasEnd !== undefined && get('sig') !== undefined) {
    // A user-delegation SAS dies with its key (ske) even if the token says later.
    return result('azure-sas', earliest(parseSasTime(sasEnd), parseSasTime(get('ske'))));
  }
  const expires = get('Expires');
  if (expires !== undefined && /^\d+$/.test(expires)) {
    const scheme = get('GoogleAccessId') !== undefined ? 'gcs-v2' : 'aws-sigv2';
    return result(scheme, fromEpoch(Number(expires)));
  }
  return result('none', undefined);
}

/** `20261125T101500Z` (SigV4/GCS V4 basic format) plus an expiry in seconds. */
function signedPlus(date: string, seconds: string | undefined): Date | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/i.exec(date.trim());
  if (!match || seconds === undefined || !/^\d+$/.test(seconds.trim())) return undefined;
  const [, y, mo, d, h, mi, s] = match;
  const signed = parseTimestamp(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`);
  const lifetime = Number(seconds.trim());
  if (!signed || lifetime <= 0) return undefined;
  return new Date(signed.getTime() + lifetime * 1000);
}

/** Azure writes `se`/`ske` as RFC 3339 in UTC, sometimes without seconds (`2026-11-25T10:15Z`). */
function parseSasTime(value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  return parseTimestamp(/T\d{2}:\d{2}Z$/i.test(text) ? text.replace(/Z$/i, ':00Z') : text);
}

/** The earliest of the times that are known; undefined when none is. */
export function earliest(...times: Array<Date | undefined>): Date | undefined {
  let first: Date | undefined;
  for (const time of times) if (time && (!first || time < first)) first = time;
  return first;
}
