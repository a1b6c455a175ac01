/**
 * The in-place edit of a Helm values file: only `staticExport.enabled`, `.bundleUrl` and
 * `.version` change. The new scalars are spliced into the source text at the parsed nodes'
 * ranges, so comments, blank lines, key order, quoting, anchors, flow collections, block scalars,
 * indentation, line endings and a byte-order mark elsewhere stay byte for byte. Every edit is
 * checked by parsing the result: its data must equal the old data but for those keys.
 */
import { randomBytes } from 'node:crypto';
import { constants as fsConstants } from 'node:fs';
import {
  access,
  chmod,
  lstat,
  mkdir,
  open,
  readFile,
  realpath,
  rename,
  rm,
  stat,
} from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import {
  isAlias,
  isMap,
  isScalar,
  parseAllDocuments,
  parseDocument,
  type Document,
  type Node as YamlNode,
  type Pair,
  type YAMLMap,
} from 'yaml';
import { removeStaleTemps, tempName } from './shared/stale-temp.js';
import { UserError } from './errors.js';

export interface StaticExportValues {
  enabled: true;
  bundleUrl: string;
  /** undefined removes a stale `version`. */
  version: string | undefined;
}

export interface ValuesFile {
  /** Absolute path of the file that is read and written (a symlink's target). */
  path: string;
  /** How the user named it, for messages. */
  display: string;
  exists: boolean;
  text: string;
  /** File mode to keep on rewrite. */
  mode: number;
}

export interface EditPlan {
  text: string;
  changed: boolean;
  /** What changed, in words, for the log and the summary: `bundleUrl updated`. */
  changes: string[];
  /** Notices for the user (a stale version removed). */
  notices: string[];
}

const KEY = 'staticExport';
const OPTIONS = { keepSourceTokens: true, uniqueKeys: true, prettyErrors: true } as const;
const TO_JS = { maxAliasCount: 10_000 } as const;

function fileError(display: string, problem: string, fix: string): UserError {
  return new UserError(`values-file "${display}" ${problem}. ${fix} The file was not changed.`, {
    file: display,
  });
}

/**
 * Reads and checks the values file before anything else happens, so that a broken file costs no
 * export: valid YAML, one document, a mapping at the top, `staticExport` absent or a mapping.
 */
export async function readValuesFile(path: string, display: string): Promise<ValuesFile> {
  let target = path;
  let info;
  try {
    info = await lstat(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      return { path, display, exists: false, text: '', mode: 0o644 };
    }
    throw fileError(
      display,
      `cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
      'Check the path and its permissions.',
    );
  }
  if (info.isSymbolicLink()) {
    try {
      target = await realpath(path);
      info = await stat(target);
    } catch {
      throw fileError(
        display,
        'is a symbolic link to a file that does not exist',
        'Point the link at the values file, or give the real path.',
      );
    }
  }
  if (info.isDirectory())
    throw fileError(
      display,
      'is a directory',
      'Give the path of a YAML file, e.g. charts/docs/values.yaml.',
    );
  if (!info.isFile())
    throw fileError(display, 'is not a regular file', 'Give the path of a YAML file.');
  if (info.size > 64 * 1024 * 1024)
    throw fileError(
      display,
      `is ${info.size} bytes`,
      'A Helm values file is expected to be far smaller; check the path.',
    );
  const bytes = await readFile(target);
  const text = bytes.toString('utf8');
  if (Buffer.compare(Buffer.from(text, 'utf8'), bytes) !== 0) {
    throw fileError(display, 'is not valid UTF-8', 'Save it as UTF-8, as Helm expects.');
  }
  checkValues(text, display);
  return { path: target, display, exists: true, text, mode: info.mode & 0o7777 };
}

/**
 * Checks, before any export is started, that the write at the end can happen: the file is not
 * read-only and its folder (or the nearest folder that exists, for a new file) is writable.
 */
export async function checkWritable(file: ValuesFile): Promise<void> {
  if (file.exists && (file.mode & 0o222) === 0) {
    throw fileError(
      file.display,
      'is read-only',
      'Make it writable (chmod u+w) or point values-file at a writable copy.',
    );
  }
  let dir = dirname(file.path);
  for (;;) {
    try {
      await access(dir, fsConstants.W_OK);
      return;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' && dirname(dir) !== dir) {
        dir = dirname(dir);
        continue;
      }
      throw fileError(
        file.display,
        `cannot be written: its folder ${dir} is not writable (${code ?? String(error)})`,
        'The file is replaced atomically, through a temporary file next to it: make the folder writable.',
      );
    }
  }
}

/** Validates the text; returns the parsed document. Throws a UserError naming line and column. */
export function checkValues(text: string, display: string): Document {
  const docs = parseAllDocuments(text, OPTIONS);
  if (!Array.isArray(docs)) {
    // An empty stream: nothing but comments or white space.
    return parseDocument(text, OPTIONS);
  }
  for (const doc of docs) {
    const error = doc.errors[0];
    if (error) {
      const pos = error.linePos?.[0];
      const where = pos ? `line ${pos.line}, column ${pos.col}` : 'an unknown position';
      const first = error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
      throw fileError(
        display,
        `is not valid YAML at ${where} (${display}:${pos?.line ?? 0}:${pos?.col ?? 0}): ${first}`,
        'Fix the file, or delete it to start a new one.',
      );
    }
  }
  if (docs.length > 1) {
    throw fileError(
      display,
      `contains ${docs.length} YAML documents (separated by ---)`,
      'A Helm values file is one document: split it into several files.',
    );
  }
  const doc = docs[0] ?? parseDocument(text, OPTIONS);
  const root = doc.contents;
  if (root !== null && !(isScalar(root) && root.value === null) && !isMap(root)) {
    const line = lineOf(text, (root as YamlNode).range?.[0] ?? 0);
    throw fileError(
      display,
      `has a ${describeNode(root)} at the top (line ${line}), not a mapping of keys`,
      'A Helm values file is a mapping such as "replicaCount: 1".',
    );
  }
  if (isMap(root)) {
    const pair = findPair(root, KEY);
    const value = pair?.value as YamlNode | null | undefined;
    if (pair && value && !isMap(value) && !(isScalar(value) && value.value === null)) {
      const line = lineOf(text, value.range?.[0] ?? 0);
      throw fileError(
        display,
        `has ${KEY} as ${isAlias(value) ? `an alias (*${value.source})` : `a ${describeNode(value)}`} at line ${line}, not a mapping`,
        `Write ${KEY} as a mapping (e.g. "${KEY}:" with "enabled: true" indented below) or remove it.`,
      );
    }
    if (isMap(value)) {
      for (const key of ['enabled', 'bundleUrl', 'version']) {
        const node = findPair(value, key)?.value as YamlNode | null | undefined;
        if (node && 'anchor' in node && node.anchor) {
          throw fileError(
            display,
            `has an anchor (&${node.anchor}) on ${KEY}.${key} at line ${lineOf(text, node.range?.[0] ?? 0)}`,
            `This action rewrites that value, which would change every *${node.anchor} alias too: move the anchor to another key.`,
          );
        }
      }
    }
  }
  try {
    doc.toJS(TO_JS);
  } catch (error) {
    throw fileError(
      display,
      `cannot be read as data (${(error as Error).message})`,
      'Check its anchors and aliases.',
    );
  }
  return doc;
}

function describeNode(node: unknown): string {
  if (isScalar(node))
    return `${typeof node.value === 'string' ? 'string' : String(node.value === null ? 'null' : typeof node.value)} value`;
  if (isMap(node)) return 'mapping';
  if (isAlias(node)) return 'alias';
  return 'list';
}

function findPair(map: YAMLMap, key: string): Pair | undefined {
  return map.items.find((p) => isScalar(p.key) && p.key.value === key) as Pair | undefined;
}

function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** A double-quoted YAML scalar: never read back as a number, date or boolean. */
export function quote(value: string): string {
  return JSON.stringify(value)
    .replace(/\u2028/g, '\\L')
    .replace(/\u2029/g, '\\P');
}

interface Splice {
  start: number;
  end: number;
  text: string;
}

function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

/** Offset just past the line break that ends the line containing `offset` (or the text's end). */
function lineEnd(text: string, offset: number): number {
  const nl = text.indexOf('\n', offset);
  return nl === -1 ? text.length : nl + 1;
}

function detectIndent(root: YAMLMap, text: string): number {
  for (const pair of root.items) {
    const value = pair.value as YamlNode | null;
    if (isMap(value) && !value.flow && value.items[0]) {
      const key = value.items[0].key as YamlNode;
      const start = key.range?.[0] ?? 0;
      const indent = start - lineStart(text, start);
      if (indent > 0) return indent;
    }
  }
  return 2;
}

/**
 * Plans the edit: returns the new text (unchanged when the values are already there). Pure: it
 * neither reads nor writes a file.
 */
export function planValuesEdit(
  text: string,
  values: StaticExportValues,
  display = 'values.yaml',
): EditPlan {
  const doc = checkValues(text, display);
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const root = doc.contents as YAMLMap | null;
  const wanted: [key: 'enabled' | 'bundleUrl' | 'version', value: string | undefined][] = [
    ['enabled', 'true'],
    ['bundleUrl', quote(values.bundleUrl)],
    ['version', values.version === undefined ? undefined : quote(values.version)],
  ];
  const splices: Splice[] = [];
  const changes: string[] = [];
  const notices: string[] = [];

  const blockLines = (indent: string, pad: string) =>
    wanted
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${indent}${pad}${k}: ${v}${eol}`)
      .join('');

  const rootMap = isMap(root) ? root : null;
  const pair = rootMap ? findPair(rootMap, KEY) : undefined;
  const unit = rootMap ? detectIndent(rootMap, text) : 2;
  const current = pair?.value as YamlNode | null | undefined;

  if (!pair || (rootMap?.flow && !isMap(current))) {
    if (rootMap?.flow) {
      // A flow mapping at the top: add the key inside the braces.
      const close = text.lastIndexOf('}', rootMap.range![1]);
      const before = text.slice(0, close).trimEnd();
      const sep = before.endsWith('{') || before.endsWith(',') ? ' ' : ', ';
      const inner = wanted
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => `${k}: ${v}`)
        .join(', ');
      splices.push({ start: before.length, end: before.length, text: `${sep}${KEY}: {${inner}}` });
    } else {
      // Append a block at the end of the document (or make the new file).
      const end = documentEnd(text, doc);
      const needsBreak = end > 0 && !text.slice(0, end).endsWith('\n');
      splices.push({
        start: end,
        end,
        text: `${needsBreak ? eol : ''}${KEY}:${eol}${blockLines('', ' '.repeat(unit))}`,
      });
    }
    changes.push(`${KEY} added`);
  } else if (!isMap(current)) {
    // `staticExport:` with no value, `~` or `null`: fill it in as a block.
    const indent = ' '.repeat(
      unit +
        (((pair.key as YamlNode).range?.[0] ?? 0) -
          lineStart(text, (pair.key as YamlNode).range?.[0] ?? 0)),
    );
    const valueRange = current?.range ?? [
      (pair.key as YamlNode).range![1],
      (pair.key as YamlNode).range![1],
    ];
    const afterLine = lineEnd(text, valueRange[1]);
    const needsBreak = !text.slice(0, afterLine).endsWith('\n');
    // Drop the `~` or `null` token, and the blanks before it when nothing but a line end follows.
    let dropFrom = valueRange[0];
    if (valueRange[1] > valueRange[0] && /^[ \t]*(\r?\n|$)/.test(text.slice(valueRange[1]))) {
      while (dropFrom > 0 && (text[dropFrom - 1] === ' ' || text[dropFrom - 1] === '\t'))
        dropFrom--;
    }
    splices.push({ start: dropFrom, end: valueRange[1], text: '' });
    splices.push({
      start: afterLine,
      end: afterLine,
      text: `${needsBreak ? eol : ''}${blockLines(indent, '')}`,
    });
    changes.push(`${KEY} filled in`);
  } else {
    const map = current;
    const firstKey = map.items[0]?.key as YamlNode | undefined;
    const indent = firstKey?.range
      ? ' '.repeat(firstKey.range[0] - lineStart(text, firstKey.range[0]))
      : ' '.repeat(unit);
    const missing: [string, string][] = [];
    let removed = 0;
    for (const [key, value] of wanted) {
      const item = findPair(map, key);
      const node = item?.value as YamlNode | null | undefined;
      if (value === undefined) {
        if (item) {
          splices.push(removal(text, map, item));
          removed++;
          changes.push(`${key} removed`);
          if (key === 'version')
            notices.push(
              `Removed the stale ${KEY}.version from ${display}: the version input is empty.`,
            );
        }
        continue;
      }
      if (!item) {
        missing.push([key, value]);
        continue;
      }
      const desired =
        key === 'enabled' ? true : key === 'bundleUrl' ? values.bundleUrl : values.version;
      if (isScalar(node) && node.value === desired && (key !== 'enabled' || node.source === 'true'))
        continue;
      if (node?.range) {
        const start = node.range[0];
        let end = node.range[1];
        // A block scalar's range takes its final line break: keep that break.
        const replaced = text.slice(start, end);
        const trailing = /(\r?\n)+$/.exec(replaced)?.[0] ?? '';
        end -= trailing.length;
        const lead = start === end && !/[ \t]$/.test(text.slice(0, start)) ? ' ' : '';
        const tail = text[end] === '#' ? ' ' : '';
        // Keep a trailing comment in its column: `enabled: false  # x` → `enabled: true   # x`.
        const gap = /^( +)#/.exec(text.slice(end));
        if (gap && !trailing) {
          const spaces = Math.max(1, gap[1]!.length + (end - start) - (lead.length + value.length));
          splices.push({
            start,
            end: end + gap[1]!.length,
            text: `${lead}${value}${' '.repeat(spaces)}`,
          });
        } else {
          splices.push({ start, end, text: `${lead}${value}${tail}` });
        }
      } else {
        const after = (item.key as YamlNode).range![1];
        const colon = text.indexOf(':', after);
        splices.push({ start: colon + 1, end: colon + 1, text: ` ${value}` });
      }
      changes.push(`${key} updated`);
    }
    if (missing.length > 0) {
      if (map.flow && removed === map.items.length) {
        // Every pair there was is being removed: the new ones go right after the brace (a
        // separator computed from the old text would be left dangling: `{, enabled: true}`).
        const open = map.range![0] + 1;
        splices.push({
          start: open,
          end: open,
          text: missing.map(([k, v]) => `${k}: ${v}`).join(', '),
        });
      } else if (map.flow) {
        const close = text.lastIndexOf('}', map.range![1]);
        const before = text.slice(0, close).trimEnd();
        const sep = before.endsWith('{') || before.endsWith(',') ? '' : ', ';
        const lead = before.endsWith('{') ? '' : sep === '' ? ' ' : sep;
        splices.push({
          start: before.length,
          end: before.length,
          text: `${lead}${missing.map(([k, v]) => `${k}: ${v}`).join(', ')}`,
        });
      } else {
        const last = map.items[map.items.length - 1]!;
        const lastEnd =
          (last.value as YamlNode | null)?.range?.[1] ?? (last.key as YamlNode).range![1];
        // A block scalar's range ends after its line break: insert at the start of the next line.
        const at = text[lastEnd - 1] === '\n' ? lastEnd : lineEnd(text, lastEnd);
        const needsBreak = !text.slice(0, at).endsWith('\n');
        splices.push({
          start: at,
          end: at,
          text: `${needsBreak ? eol : ''}${missing.map(([k, v]) => `${indent}${k}: ${v}${eol}`).join('')}`,
        });
      }
      for (const [k] of missing) changes.push(`${k} added`);
    }
  }

  let out = text;
  for (const s of [...splices].sort((a, b) => b.start - a.start || b.end - a.end)) {
    out = out.slice(0, s.start) + s.text + out.slice(s.end);
  }
  verify(doc, out, values, display);
  return { text: out, changed: out !== text, changes: out === text ? [] : changes, notices };
}

/** Where to append a new top-level key: the end of the text, or before a `...` end marker. */
function documentEnd(text: string, doc: Document): number {
  const contentsEnd = (doc.contents as YamlNode | null)?.range?.[2] ?? 0;
  const marker = /^\.\.\.[ \t]*(#.*)?$/m.exec(text.slice(contentsEnd));
  return marker ? contentsEnd + marker.index : text.length;
}

/** The text span that removes one pair of a map (its whole lines in a block map). */
function removal(text: string, map: YAMLMap, item: Pair): Splice {
  const key = item.key as YamlNode;
  const value = item.value as YamlNode | null;
  const start = key.range![0];
  const end = value?.range?.[1] ?? key.range![1];
  if (!map.flow) {
    const from = lineStart(text, start);
    const to = text[end - 1] === '\n' ? end : lineEnd(text, end);
    return { start: from, end: to, text: '' };
  }
  // Flow mapping: take the pair and one neighbouring comma.
  const after = /^\s*,[ \t]*/.exec(text.slice(end));
  if (after) return { start, end: end + after[0].length, text: '' };
  const before = /,\s*$/.exec(text.slice(0, start));
  if (before) return { start: start - before[0].length, end, text: '' };
  return { start, end, text: '' };
}

/** Reads the edited text back and checks it holds the original data (`before`, already parsed)
 * with only the three staticExport keys changed. */
function verify(
  before: Document,
  after: string,
  values: StaticExportValues,
  display: string,
): void {
  const expected = (before.toJS(TO_JS) ?? {}) as Record<string, unknown>;
  const current = expected[KEY];
  const block: Record<string, unknown> =
    current && typeof current === 'object' ? { ...(current as object) } : {};
  block.enabled = true;
  block.bundleUrl = values.bundleUrl;
  if (values.version === undefined) delete block.version;
  else block.version = values.version;
  expected[KEY] = block;
  const doc = parseDocument(after, OPTIONS);
  const actual = doc.errors.length === 0 ? doc.toJS(TO_JS) : undefined;
  if (!isDeepStrictEqual(actual, expected)) {
    throw fileError(
      display,
      'could not be edited safely: the edited text would not read back as the intended values',
      'Please report this with the file attached; as a workaround, write the staticExport block as a plain block mapping.',
    );
  }
}

/**
 * Writes atomically: a temporary file in the same folder, flushed, then renamed over the target,
 * so a killed run leaves the old file or the new one. Keeps the file mode; writes through a
 * symlink to its target. Refuses a read-only file. Returns the names of temporary files left next
 * to it by earlier, killed runs, which it removed.
 */
export async function writeFileAtomic(
  path: string,
  text: string,
  mode: number,
  display: string,
): Promise<string[]> {
  const dir = dirname(path);
  try {
    const info = await stat(path);
    if ((info.mode & 0o222) === 0) {
      throw fileError(
        display,
        'is read-only',
        'Make it writable (chmod u+w) or point values-file at a writable copy.',
      );
    }
  } catch (error) {
    if (error instanceof UserError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR')
      throw fileError(
        display,
        `cannot be read (${code ?? String(error)})`,
        'Check the path and its permissions.',
      );
    try {
      await mkdir(dir, { recursive: true });
    } catch (mkdirError) {
      throw fileError(
        display,
        `cannot be created: its folder ${dir} cannot be made (${(mkdirError as NodeJS.ErrnoException).code})`,
        'Check the path and permissions.',
      );
    }
  }
  const temp = join(dir, tempName(basename(path), 'tmp', randomBytes(4).toString('hex')));
  let handle;
  try {
    handle = await open(
      temp,
      fsConstants.O_WRONLY | fsConstants.O_CREAT | fsConstants.O_EXCL,
      mode,
    );
    await handle.writeFile(text, 'utf8');
    await handle.sync();
    await handle.close();
    handle = undefined;
    await chmod(temp, mode);
    await rename(temp, path);
  } catch (error) {
    await handle?.close().catch(() => undefined);
    await rm(temp, { force: true }).catch(() => undefined);
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    const fix =
      code === 'ENOSPC' || code === 'EDQUOT'
        ? 'The disk is full: free some space on the runner.'
        : code === 'EACCES' || code === 'EPERM' || code === 'EROFS'
          ? 'The folder is not writable: check its permissions.'
          : 'Check the path, the permissions and the free disk space.';
    throw fileError(display, `could not be written (${code})`, fix);
  }
  const removed = await removeStaleTemps(dir, basename(path), 'tmp');
  // Flush the rename itself, so it survives a crash of the machine too.
  try {
    const dirHandle = await open(dir, 'r');
    await dirHandle.sync().catch(() => undefined);
    await dirHandle.close();
  } catch {
    // Not every file system lets a folder be opened; the rename has happened anyway.
  }
  return removed;
}
