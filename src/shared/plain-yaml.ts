/**
 * The manifests of a text written in the plainest block YAML, read without building a syntax
 * tree: the cheap path of the entry-point scan (gitops/discover.ts), where a large checkout holds
 * a thousand small Flux Kustomizations and the `yaml` library's full parse of each was most of
 * the scan's time (about 0.1 ms a file, plus the garbage of its kept source tokens).
 *
 * It reads only what it can read exactly as go-yaml.ts manifestsOf reads it, and answers
 * `undefined` for anything else, so the caller parses that text with the library: every line is
 * blank, a comment, `---`, `key:`, `key: scalar`, `- scalar`, `- key:` or `- key: scalar`, keys
 * are names (`[A-Za-z_][A-Za-z0-9_./-]*`), a scalar is plain without spaces (its type — string,
 * number, boolean, null — is resolved by the `yaml` library itself, once per distinct scalar) or
 * quoted without escapes, indentation is spaces. An anchor, alias, tag, merge key, flow
 * collection, block scalar, tab, carriage return, repeated key or a value on more than one line
 * sends the whole text to the library. test/unit/plain-yaml.test.ts holds both readers to the same
 * answers over every YAML fixture of the repository.
 */
import { isScalar, parseDocument } from 'yaml';
import { PARSE_OPTIONS } from './documents.js';

type Head = { apiVersion?: string; kind?: string };
type Node = Record<string, unknown> | unknown[];

const KEY = '[A-Za-z_][A-Za-z0-9_./-]*';
const PLAIN = '[A-Za-z0-9_./$~][A-Za-z0-9_./$~{}@:+=%-]*';
const QUOTED = `"[^"\\\\]*"|'[^']*'`;
const VALUE = `(?:(${PLAIN})|(${QUOTED}))`;
const COMMENT = '(?:[ ]+#.*)?';
/** indent, `- `, key, plain value, quoted value. */
const LINE = new RegExp(`^( *)(- +)?(?:(${KEY}):(?: +${VALUE})?|${VALUE})${COMMENT}[ ]*$`);
const SKIP = /^[ ]*(?:#.*)?$/;

const scalars = new Map<string, unknown>();
/** A plain scalar as the library types it (the same options as the document store). */
function plainScalar(text: string): unknown {
  if (text.endsWith(':') || text.length > 1000) return BAIL;
  if (!scalars.has(text)) {
    if (scalars.size > 10_000) scalars.clear();
    const doc = parseDocument(text, PARSE_OPTIONS);
    // One scalar that is the whole text, or the library decides: `...` alone ends a document.
    const node = doc.contents;
    const value =
      doc.errors.length === 0 &&
      isScalar(node) &&
      node.range?.[0] === 0 &&
      node.range[1] === text.length
        ? node.value
        : BAIL;
    scalars.set(text, typeof value === 'object' && value !== null ? BAIL : value);
  }
  return scalars.get(text);
}

const BAIL = Symbol('bail');

interface Frame {
  indent: number;
  node: Node;
  /** For a mapping: the key whose value is not yet written (`key:` alone). */
  open?: string;
}

/**
 * The manifests of `text` that `wanted` accepts (as manifestsOf gives them), or undefined when
 * the text is not of the plain form this reader knows.
 */
export function plainManifests(
  text: string,
  wanted: (head: Head) => boolean,
): Record<string, unknown>[] | undefined {
  // `__proto__` is a key the library's toJS drops: left to it, as every other doubt is.
  if (/[\t\r]|__proto__/.test(text) || text.charCodeAt(0) === 0xfeff) return undefined;
  const docs: unknown[] = [];
  let stack: Frame[] = [];
  let root: Node | undefined;
  const finish = () => {
    docs.push(root ?? null);
    root = undefined;
    stack = [];
  };
  for (const line of text.split('\n')) {
    if (line === '---' || line.startsWith('--- #')) {
      finish();
      continue;
    }
    if (SKIP.test(line)) continue;
    const m = LINE.exec(line);
    if (!m) return undefined;
    const [, spaces = '', dash, key, plain, quoted, itemPlain, itemQuoted] = m;
    let indent = spaces.length;
    if (key === undefined && dash === undefined) return undefined; // a bare scalar line
    const value =
      plain !== undefined || itemPlain !== undefined
        ? plainScalar((plain ?? itemPlain)!)
        : quoted !== undefined || itemQuoted !== undefined
          ? (quoted ?? itemQuoted)!.slice(1, -1)
          : undefined;
    if (value === BAIL) return undefined;
    // Close what this line ends: frames deeper than it, and an open key it does not continue.
    if (!place(stack, indent, dash !== undefined)) return undefined;
    if (root === undefined) {
      if (indent !== 0) return undefined;
      root = dash ? [] : {};
      stack.push({ indent: 0, node: root });
    }
    let top = stack[stack.length - 1]!;
    if (dash !== undefined) {
      if (!Array.isArray(top.node) || top.indent !== indent) return undefined;
      if (key === undefined) {
        top.node.push(value);
        continue;
      }
      // `- key: …` starts a mapping at the key's column.
      const map: Record<string, unknown> = {};
      top.node.push(map);
      indent += dash.length;
      stack.push({ indent, node: map });
      top = stack[stack.length - 1]!;
    }
    if (key === undefined || Array.isArray(top.node) || top.indent !== indent) return undefined;
    // A repeated key, or one the library would not read as that text (`True`, `NULL`).
    if (Object.prototype.hasOwnProperty.call(top.node, key) || plainScalar(key) !== key)
      return undefined;
    if (value === undefined && plain === undefined && quoted === undefined) {
      top.node[key] = null;
      top.open = key;
    } else top.node[key] = value;
  }
  finish();
  const found: Record<string, unknown>[] = [];
  for (const data of docs) {
    if (!data || typeof data !== 'object' || Array.isArray(data)) continue;
    const d = data as Record<string, unknown>;
    const head: Head = {};
    if (typeof d.apiVersion === 'string') head.apiVersion = d.apiVersion;
    if (typeof d.kind === 'string') head.kind = d.kind;
    if (wanted(head)) found.push(d);
  }
  return found;
}

/**
 * Makes `stack` ready for a line at `indent` (a sequence item when `item`): an open key takes a
 * deeper line as its value (a mapping, or a sequence, which may also sit at the key's own column),
 * and frames deeper than the line end. False when the line fits nowhere.
 */
function place(stack: Frame[], indent: number, item: boolean): boolean {
  const top = stack[stack.length - 1];
  if (top?.open !== undefined && !Array.isArray(top.node)) {
    const deeper = indent > top.indent || (item && indent === top.indent);
    if (deeper) {
      const child: Node = item ? [] : {};
      top.node[top.open] = child;
      top.open = undefined;
      stack.push({ indent, node: child });
      return true;
    }
    top.open = undefined; // `key:` with nothing under it: null
  }
  while (stack.length > 0 && stack[stack.length - 1]!.indent > indent) stack.pop();
  // A sequence written at its key's column ends where a key of that column follows.
  const last = stack[stack.length - 1];
  if (last && Array.isArray(last.node) && !item && last.indent === indent) stack.pop();
  const now = stack[stack.length - 1];
  if (now?.open !== undefined) now.open = undefined;
  return stack.length > 0 || indent === 0;
}
