/**
 * Reads pages out of the downloaded bundle (.tar.gz) to compare them with what the live site
 * serves: one streaming pass through gunzip and the `tar` package's parser in strict mode (ustar
 * names with their prefix, GNU long names, pax `path` records), keeping only the files asked for,
 * so memory stays small whatever the archive's size.
 */
import { createReadStream } from 'node:fs';
import { createGunzip } from 'node:zlib';

/** The entry types that hold a file's bytes ('0', '\0' and '7' in the header). */
const FILE_TYPES = new Set(['File', 'OldFile', 'ContiguousFile']);
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
  // Loaded when a bundle is read (the bundle keeps the tar package in a chunk of its own): a run
  // that checks no page never loads it.
  const { Parser } = await import('tar/parse');
  const found = new Map<string, Buffer>();
  let failure: Error | undefined;
  /** The end-of-archive marker was read: nothing after it belongs to the archive. */
  let ended = false;
  const parser = new Parser({
    // Strict: a corrupt header or a cut-short body fails the read, instead of being skipped with
    // a warning, so a corrupt bundle can never pass for one without the page.
    strict: true,
    // The gzip layer is undone before (node:zlib, whose errors say it is not gzip data); what
    // comes out is tar, never another compression to guess.
    brotli: false,
    zstd: false,
    onReadEntry: (entry) => {
      const name = entry.path.replace(/^(\.\/)+/, '');
      if (!FILE_TYPES.has(entry.type) || entry.size > MAX_PAGE_BYTES || !want(name)) {
        entry.resume();
        return;
      }
      const chunks: Buffer[] = [];
      entry.on('data', (chunk: Buffer) => chunks.push(chunk));
      entry.on('end', () => found.set(name, Buffer.concat(chunks)));
    },
  });
  // Past the end marker the parser only judges whether any entry was valid: an archive that ends
  // properly with no file in it is empty (the check then says the page is missing), not corrupt.
  parser.on('error', (error: Error) => {
    if (!ended) failure ??= error;
  });
  parser.on('eof', () => (ended = true));
  // Settled by the end of the archive, or by a complaint at its end (a body cut short).
  const finished = new Promise<void>((resolve) => {
    parser.on('end', resolve);
    parser.on('error', resolve);
  });
  const file = createReadStream(path);
  const stream = createGunzip();
  // pipe() does not pass a read error on: without this, a file that cannot be read (gone, a
  // folder) would leave the gunzip stream open and the loop below waiting for ever.
  file.on('error', (error) => stream.destroy(error));
  file.pipe(stream);
  try {
    for await (const chunk of stream) {
      parser.write(chunk as Buffer);
      if (failure || ended) break;
    }
  } finally {
    file.destroy();
    stream.destroy();
  }
  if (!failure) {
    // The end of the data: a body cut short is found here.
    parser.end();
    await finished;
  }
  if (failure) throw notTar(failure);
  return found;
}

/** The parser's complaint (`TAR_ENTRY_INVALID: checksum failure`), said of the bundle. */
function notTar(error: Error & { tarCode?: string }): Error {
  const detail = error.message.replace(/^TAR_[A-Z_]+: /, '');
  if (error.tarCode === 'TAR_ENTRY_INVALID')
    return new Error(
      `the bundle is not a tar archive (a header is corrupt${detail === 'checksum failure' ? '' : `: ${detail}`})`,
    );
  return new Error(`the bundle is not a whole tar archive (${detail})`);
}
