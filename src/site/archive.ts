/**
 * Reads pages out of the downloaded bundle (.tar.gz) to compare them with what the live site
 * serves: one streaming pass through gunzip and a small tar reader (ustar names with their prefix,
 * GNU long names, pax `path` records), keeping only the files asked for, so memory stays small
 * whatever the archive's size.
 */
import { createReadStream } from 'node:fs';
import { createGunzip } from 'node:zlib';

const BLOCK = 512;
/** A page larger than this is not kept (nobody serves such a page; it would only fill memory). */
export const MAX_PAGE_BYTES = 10 * 1024 * 1024;

/**
 * The names a page of the site may have in the archive, best first: `/` is `index.html`, `/a/b`
 * is `a/b.html`, `a/b/index.html` or `a/b` itself.
 */
export function pageCandidates(urlPath: string): string[] {
  let path: string;
  try {
    path = decodeURIComponent(urlPath);
  } catch {
    path = urlPath;
  }
  path = path.replace(/^\/+/, '');
  if (path === '' || path.endsWith('/')) return [`${path}index.html`];
  if (/\.html?$/i.test(path)) return [path];
  return [`${path}.html`, `${path}/index.html`, path];
}

/**
 * Whether an archive entry is the file `candidate`: the same path, or the same path under one
 * top-level folder (`site/index.html` for `index.html`), as bundles often have a root folder.
 */
export function entryMatches(entry: string, candidate: string): boolean {
  const name = entry.replace(/^(\.\/)+/, '');
  if (name === candidate) return true;
  const slash = name.indexOf('/');
  return slash > 0 && name.slice(slash + 1) === candidate;
}

/** The archive's files whose (normalised) names `want` accepts, read in one pass. */
export async function readArchiveFiles(
  path: string,
  want: (name: string) => boolean,
): Promise<Map<string, Buffer>> {
  const found = new Map<string, Buffer>();
  const reader = new TarReader((name, body) => {
    if (body.length <= MAX_PAGE_BYTES) found.set(name, body);
  }, want);
  const stream = createReadStream(path).pipe(createGunzip());
  try {
    for await (const chunk of stream) if (reader.push(chunk as Buffer)) break;
  } finally {
    stream.destroy();
  }
  return found;
}

/** The state machine of a tar stream: a header block, then the body and its padding, repeated. */
class TarReader {
  #pending: Buffer = Buffer.alloc(0);
  /** The entry whose body is being read. */
  #entry: { name: string; type: string; left: number; pad: number; keep: Buffer[] | undefined } = {
    name: '',
    type: '',
    left: 0,
    pad: 0,
    keep: undefined,
  };
  #inBody = false;
  /** A GNU long name or pax path for the next entry. */
  #nextName: string | undefined;

  constructor(
    private readonly onFile: (name: string, body: Buffer) => void,
    private readonly want: (name: string) => boolean,
  ) {}

  /** Feeds a chunk; returns true at the end of the archive. */
  push(chunk: Buffer): boolean {
    this.#pending = this.#pending.length > 0 ? Buffer.concat([this.#pending, chunk]) : chunk;
    for (;;) {
      if (this.#inBody) {
        if (!this.#readBody()) return false;
      } else {
        if (this.#pending.length < BLOCK) return false;
        const header = this.#pending.subarray(0, BLOCK);
        this.#pending = this.#pending.subarray(BLOCK);
        if (header.every((byte) => byte === 0)) return true;
        this.#startEntry(header);
      }
    }
  }

  #startEntry(header: Buffer): void {
    if (!checksumMatches(header))
      throw new Error('the bundle is not a tar archive (a header is corrupt)');
    const size = readSize(header.subarray(124, 136));
    const type = String.fromCharCode(header[156] ?? 0x30);
    const text = (from: number, to: number) =>
      header
        .subarray(from, to)
        .toString('utf8')
        .replace(/\0[\s\S]*$/, '');
    const ustar = header.subarray(257, 262).toString('latin1') === 'ustar';
    const prefix = ustar ? text(345, 500) : '';
    const name = this.#nextName ?? (prefix ? `${prefix}/${text(0, 100)}` : text(0, 100));
    const meta = type === 'L' || type === 'x';
    // A global pax header ('g') applies to no entry in particular: it keeps the pending name.
    if (!meta && type !== 'g') this.#nextName = undefined;
    const file = type === '0' || type === '\0' || type === '7';
    const normalised = name.replace(/^(\.\/)+/, '');
    const keep = meta || (file && this.want(normalised) && size <= MAX_PAGE_BYTES);
    this.#entry = {
      name: normalised,
      type,
      left: size,
      pad: (BLOCK - (size % BLOCK)) % BLOCK,
      keep: keep ? [] : undefined,
    };
    this.#inBody = true;
  }

  /** Consumes what it can of the body and padding; false when more input is needed. */
  #readBody(): boolean {
    const entry = this.#entry;
    const take = Math.min(entry.left, this.#pending.length);
    if (take > 0) {
      entry.keep?.push(Buffer.from(this.#pending.subarray(0, take)));
      entry.left -= take;
      this.#pending = this.#pending.subarray(take);
    }
    if (entry.left > 0) return false;
    const skip = Math.min(entry.pad, this.#pending.length);
    entry.pad -= skip;
    this.#pending = this.#pending.subarray(skip);
    if (entry.pad > 0) return false;
    this.#inBody = false;
    if (entry.keep) this.#finish(entry.name, entry.type, Buffer.concat(entry.keep));
    return true;
  }

  #finish(name: string, type: string, body: Buffer): void {
    if (type === 'L') this.#nextName = body.toString('utf8').replace(/\0[\s\S]*$/, '');
    else if (type === 'x') this.#nextName = paxPath(body) ?? this.#nextName;
    else this.onFile(name, body);
  }
}

/** The header's checksum: the sum of its bytes, the checksum field counted as spaces. */
function checksumMatches(header: Buffer): boolean {
  const stored = parseInt(
    header
      .subarray(148, 156)
      .toString('latin1')
      .replace(/[\0 ]+$/, ''),
    8,
  );
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : header[i]!;
  return sum === stored;
}

/** A header's size field: octal text, or base-256 when its high bit is set (files over 8 GiB). */
function readSize(field: Buffer): number {
  if ((field[0]! & 0x80) !== 0) {
    let value = field[0]! & 0x7f;
    for (const byte of field.subarray(1)) value = value * 256 + byte;
    return value;
  }
  const text = field
    .toString('latin1')
    .replace(/[\0 ]+$/, '')
    .trim();
  const value = text === '' ? 0 : parseInt(text, 8);
  if (!Number.isSafeInteger(value) || value < 0 || !/^[0-7]*$/.test(text))
    throw new Error('the bundle is not a tar archive (a header has no valid size)');
  return value;
}

/** The `path` record of a pax extended header (`<length> path=<name>\n`). */
function paxPath(body: Buffer): string | undefined {
  for (const record of body.toString('utf8').split('\n')) {
    const m = /^\d+ path=([\s\S]*)$/.exec(record);
    if (m) return m[1];
  }
  return undefined;
}
