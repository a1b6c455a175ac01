/** Query parameters of presigned links that carry a credential (S3, GCS, Azure SAS, CloudFront). */
const CREDENTIAL_PARAM = /signature|^sig$|token|credential|^key-pair-id$|^policy$/i;

/**
 * Every form in which a presigned link's secret parts could be printed: the link itself, raw and
 * percent-decoded, and each credential parameter's value raw, decoded and percent-encoded.
 */
export function linkSecrets(link: string): string[] {
  const found = new Set<string>(wholeForms(link));
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return [...found];
  }
  for (const [name, value] of url.searchParams) {
    if (!CREDENTIAL_PARAM.test(name) || value.length < 6) continue;
    found.add(value);
    found.add(encodeURIComponent(value));
    const raw = /[?&]([^=&]+)=([^&]*)/g;
    for (const m of link.matchAll(raw)) if (decodeURIComponent(m[1]!) === name) found.add(m[2]!);
  }
  return [...found].filter((s) => s.length >= 6);
}

/** The link raw and percent-decoded (when it decodes). */
function wholeForms(link: string): string[] {
  try {
    return [link, decodeURIComponent(link)];
  } catch {
    return [link];
  }
}

/**
 * The secrets of a link that has a query (a presigned link: `linkSecrets`); none for an address
 * without one (a public mirror), which is not a credential and may be shown, or for no link.
 */
export function querySecrets(link: string): string[] {
  return link.includes('?') ? linkSecrets(link) : [];
}

/**
 * `name=value` where the name is a credential's, after a line's start, a diff's `+`/`-` or a
 * separator. A name never starts with `-`: in `-sig=…` the `-` is the diff's.
 */
const PARAM = /(^|[?&\s#+-])([A-Za-z0-9._][A-Za-z0-9._-]*)=([^&\s"'`]*)/g;
/**
 * The first piece of a comment line (in a file, or in a diff after its ` `, `+` or `-`) when it
 * could be the rest of a wrapped value: value characters up to an `&` or the line's end.
 */
const PIECE = /^([ +-]?\s*#\s*)([A-Za-z0-9%/+=._~-]+)(?=&|\s*$)/;
/**
 * A comment line at a hunk's start that is one long token of letters and digits both: maybe a
 * value whose name is above the hunk (a rule of dashes or a word is not).
 */
const BARE = /^([ +-]?\s*#\s*)(?=[^\s]*\d)(?=[^\s]*[A-Za-z])([A-Za-z0-9%/+=._~-]{16,})(?=\s*$)/;

type Side = 'old' | 'new';

/** The sides of a diff a line is on: `-` the old, `+` the new, context (and plain text) both. */
function sidesOf(line: string): readonly Side[] {
  if (line.startsWith('+') && !line.startsWith('+++')) return ['new'];
  if (line.startsWith('-') && !line.startsWith('---')) return ['old'];
  return ['old', 'new'];
}

/**
 * Any `name=value` of a text whose name is a credential's (`X-Amz-Signature=…`), with the value
 * hidden, link or not: the second line of a link wrapped in a comment has no `https://` to find.
 * A value that runs to the end of its line (or a name whose value starts on the next line) may go
 * on at the start of the next comment line of the same side of the diff, which has no name to
 * find: that piece is hidden too, and so is a comment line of one long token opening a hunk.
 */
export function hideCredentialParams(text: string): string {
  const wrapped: Record<Side, boolean> = { old: false, new: false };
  let hunkStart = false;
  return text
    .split('\n')
    .map((line) => {
      if (line.startsWith('@@')) {
        wrapped.old = wrapped.new = false;
        hunkStart = true;
        return line;
      }
      const sides = sidesOf(line);
      let body = line.replace(/\r$/, '');
      const cr = line.slice(body.length);
      const piece =
        (sides.some((side) => wrapped[side]) ? PIECE.exec(body) : null) ??
        (hunkStart ? BARE.exec(body) : null);
      hunkStart = false;
      let endsInValue = false;
      if (piece) {
        endsInValue = body.slice(piece[0].length).trim() === '';
        body = `${piece[1]}***${body.slice(piece[0].length)}`;
      }
      const end = body.trimEnd().length;
      body = body.replace(
        PARAM,
        (whole, lead: string, name: string, _value: string, at: number) => {
          if (!CREDENTIAL_PARAM.test(name)) return whole;
          endsInValue = at + whole.length >= end;
          return `${lead}${name}=***`;
        },
      );
      for (const side of sides) wrapped[side] = endsInValue;
      return `${body}${cr}`;
    })
    .join('\n');
}

/** The link as it may be shown: origin and path, with the query (the credential) hidden. */
export function redactLink(link: string): string {
  try {
    const url = new URL(link);
    // Not http(s) (ssh://, git://): the URL has no origin, but a host all the same.
    const origin = url.origin === 'null' ? `${url.protocol}//${url.host}` : url.origin;
    return `${origin}${url.pathname}${url.search ? '?…' : ''}`;
  } catch {
    return '(link hidden)';
  }
}

/**
 * The password an address carries in its user part (`https://user:token@host/…`, which helm
 * quotes back in its errors), as written and decoded, for a redactor. None without.
 */
export function userInfoSecrets(address: string | undefined): string[] {
  if (!address) return [];
  try {
    const url = new URL(address);
    if (!url.password) return [];
    const forms = [url.password];
    try {
      forms.push(decodeURIComponent(url.password));
    } catch {
      // A bare % that is no escape: the password as written is all there is.
    }
    return forms.filter((p) => p.length >= 4);
  } catch {
    return [];
  }
}

/**
 * Hides the query of every link given wherever it appears in a text, as `redactLink` shows the
 * link (`https://host/path?…`), and each of its credentials met alone as `***`. A link without a
 * query (a public address) is shown as it is.
 */
export function linkHider(links: readonly string[]): (text: string) => string {
  // Longest first, as the Redactor does: a link that holds another is hidden whole.
  const presigned = links
    .filter((link) => querySecrets(link).length > 0)
    .sort((a, b) => b.length - a.length);
  const whole = presigned.map((link) => {
    const hider = new Redactor(redactLink(link));
    hider.add(...wholeForms(link));
    return hider;
  });
  const parts = new Redactor();
  parts.add(...presigned.flatMap(querySecrets));
  return (text) => parts.redact(whole.reduce((out, hider) => hider.redact(out), text));
}

/**
 * The one redactor: every value added is replaced by `***` in any text passed through it, longest
 * first (so a link is hidden whole before its signature is), ignoring values under 4 characters
 * (they would blank out ordinary words). Entry points add the key and tokens; the pipeline adds the
 * link's secrets as soon as the link is known.
 */
export class Redactor {
  readonly #secrets = new Set<string>();

  /** `replacement` stands in for each secret: `***`, or e.g. the link with its query hidden. */
  constructor(private readonly replacement = '***') {}

  add(...values: string[]): void {
    for (const value of values) if (value.length >= 4) this.#secrets.add(value);
  }

  readonly redact = (text: string): string =>
    [...this.#secrets]
      .sort((a, b) => b.length - a.length)
      .reduce((out, secret) => out.split(secret).join(this.replacement), text);
}
