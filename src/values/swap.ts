/**
 * The read-back of an edit proven without parsing the whole edited text again, where it is the
 * text of an edit already read back (the run's placeholder edit, values/edit.ts verify) with the
 * one token of the link swapped. A run plans every values file with a placeholder link first (the
 * render check), then with the real one; parsing a large file is most of a run's cost.
 *
 * The argument, each step checked here (anything else falls back to the whole read-back):
 * 1. The verified text V, with link L, parsed without error, warning, repeated key or what go-yaml
 *    refuses, read back as the intended data E_L (verify).
 * 2. Exactly one scalar node of V holds L: a pair's value, one line, plain or quoted, with no
 *    anchor and no tag; its token P (V at the node's range [s, e)) occurs once in V. L occurs once
 *    in E_L (no alias or merge copies it), so that node is all of the data that says L.
 * 3. The new text is V with [s, e) replaced by a token R, which occurs once in it and has no line
 *    break of YAML 1.1 or 1.2. R alone, as a value in the same context (`k: R` or `{k: R}`), parses
 *    under YAML 1.1 and 1.2 as one scalar spanning all of R, in P's style, holding the new link N,
 *    with no error, warning, anchor or tag, and nothing go-yaml reads otherwise (style.ts
 *    readsBack, go-yaml.ts goUnreadable).
 * 4. So the lexer reads V and the new text alike up to s; at s it reads one token of P's style
 *    that ends where R ends: a quoted one at its first unescaped closing quote (R's last
 *    character; the byte after it is V's byte after P, which is no `'` since P ended there), a
 *    plain one at a line break, ` #` or an indicator, of which R holds none and which it cannot end
 *    with (its last character is no space and no `:`); the byte at e was one that ends a plain
 *    value. From there on the bytes, and the lexer's state (indentation and flow level are set
 *    before s; a value's width changes nothing after it on its line), are V's. The parsed tree is
 *    V's with that node's value N: the same documents, keys and structure, every other value the
 *    same, no new error (nothing go-yaml refuses is in R, and R changes no line's start). Its data
 *    is E_L with that one L replaced by N, which is the new edit's intended data E_N when E_N is
 *    E_L with L swapped (the same file, values-key path, version and kept version).
 */
import { isDeepStrictEqual } from 'node:util';
import { isMap, isPair, isScalar, parseDocument, Scalar, visit, type Document } from 'yaml';
import { goUnreadable } from '../shared/go-yaml.js';
import { readsBack } from './style.js';

/** An edit read back whole: what it was made from, its text, its documents and intended data. */
export interface VerifiedEdit {
  /** Everything the intended data depends on but the link: path, version, kept version. */
  key: unknown;
  link: string;
  text: string;
  doc: Document;
  expected: unknown;
}

const verified = new WeakMap<Document, VerifiedEdit[]>();

/** Notes an edit of `before`'s text that was read back whole (the last two per document). */
export function rememberVerified(before: Document, edit: VerifiedEdit): void {
  const list = verified.get(before) ?? [];
  verified.set(before, [edit, ...list.filter((e) => e.text !== edit.text)].slice(0, 2));
}

/**
 * True when `text` (the edit of `before`'s text with `link`, `key` as VerifiedEdit's) is proven by
 * a swap of one token in an edit already read back (the argument above); false: read it back.
 */
export function provenBySwap(before: Document, key: unknown, link: string, text: string): boolean {
  return (verified.get(before) ?? []).some(
    (v) => v.link !== link && isDeepStrictEqual(v.key, key) && swapReadsBack(v, link, text),
  );
}

/** Steps 2 and 3 of the argument, for the verified edit `v` and the new `text` with `link`. */
export function swapReadsBack(
  v: Pick<VerifiedEdit, 'link' | 'text' | 'doc' | 'expected'>,
  link: string,
  text: string,
): boolean {
  const site = linkSite(v.doc, v.link);
  if (!site || occurrences(v.expected, v.link, 2) !== 1) return false;
  const [s, e] = site.range;
  const token = v.text.slice(s, e);
  if (/[\r\n\u0085\u2028\u2029]/.test(token) || !once(v.text, token, s)) return false;
  const tail = v.text.length - e;
  if (text.length < s + tail + 1) return false;
  if (!text.startsWith(v.text.slice(0, s)) || !text.endsWith(v.text.slice(e))) return false;
  const swapped = text.slice(s, text.length - tail);
  if (/[\r\n\u0085\u2028\u2029]/.test(swapped) || !once(text, swapped, s)) return false;
  if (!endsAlike(site.style, site.inFlow, swapped, v.text[e])) return false;
  return tokenAlone(swapped, link, site.style, site.inFlow);
}

/**
 * Step 4's premises about the token's end, checked rather than inferred: what follows the token
 * (`next`, the same byte in both texts) ends a value of its style, and a plain `token` holds no
 * text that would end it earlier or make it a key.
 */
function endsAlike(
  style: Style,
  inFlow: boolean,
  token: string,
  next: string | undefined,
): boolean {
  if (style === Scalar.QUOTE_SINGLE) return next !== "'";
  if (style === Scalar.QUOTE_DOUBLE) return true;
  const ends = inFlow ? /^[ \t\r\n,\]}]$/ : /^[ \t\r\n]$/;
  if (next !== undefined && !ends.test(next)) return false;
  if (/[\s:]$|\s#|:\s/.test(token)) return false;
  return !(inFlow && /[,[\]{}]|:$/.test(token));
}

type Style = typeof Scalar.PLAIN | typeof Scalar.QUOTE_SINGLE | typeof Scalar.QUOTE_DOUBLE;
const STYLES: readonly unknown[] = [Scalar.PLAIN, Scalar.QUOTE_SINGLE, Scalar.QUOTE_DOUBLE];

/** The one scalar of `doc` that holds `link`, when it is a pair's value without anchor or tag. */
function linkSite(
  doc: Document,
  link: string,
): { range: [number, number]; style: Style; inFlow: boolean } | undefined {
  let count = 0;
  let site: { range: [number, number]; style: Style; inFlow: boolean } | undefined;
  visit(doc, {
    Scalar(key, node, path) {
      if (node.value !== link) return;
      count++;
      const map = path[path.length - 2];
      const ok =
        key === 'value' &&
        isPair(path[path.length - 1]) &&
        isMap(map) &&
        node.range &&
        !node.anchor &&
        !node.tag &&
        STYLES.includes(node.type);
      if (ok) {
        const [start, end] = node.range!;
        site = { range: [start, end], style: node.type as Style, inFlow: !!map.flow };
      }
    },
  });
  return count === 1 ? site : undefined;
}

/** `token` found in `text` at `at` and nowhere else. */
const once = (text: string, token: string, at: number): boolean =>
  text.indexOf(token) === at && text.indexOf(token, at + 1) === -1;

/** How many times `value` occurs as a string in `data` (counting stops at `stop`). */
function occurrences(data: unknown, value: string, stop: number): number {
  let found = 0;
  const walk = (node: unknown): void => {
    if (found >= stop) return;
    if (node === value) found++;
    else if (Array.isArray(node)) node.forEach(walk);
    else if (node instanceof Map)
      node.forEach((v, k) => {
        walk(k);
        walk(v);
      });
    else if (node && typeof node === 'object')
      for (const [k, v] of Object.entries(node)) {
        walk(k);
        walk(v);
      }
  };
  walk(data);
  return found;
}

/** Step 3: `token` alone, as a value in the same context, is one scalar of `style` holding `value`. */
export function tokenAlone(token: string, value: string, style: Style, inFlow: boolean): boolean {
  const [prefix, suffix] = inFlow ? ['{k: ', '}\n'] : ['k: ', '\n'];
  const source = `${prefix}${token}${suffix}`;
  const whole = (['1.1', '1.2'] as const).every((version) => {
    const doc = parseDocument(source, { version, uniqueKeys: true });
    const map = doc.contents;
    const node: unknown = isMap(map) && map.items.length === 1 ? map.get('k', true) : undefined;
    return (
      doc.errors.length === 0 &&
      doc.warnings.length === 0 &&
      isScalar(node) &&
      node.value === value &&
      node.type === style &&
      !node.anchor &&
      !node.tag &&
      node.range?.[0] === prefix.length &&
      node.range[1] === prefix.length + token.length &&
      goUnreadable(source, [doc]) === undefined
    );
  });
  return whole && readsBack(token, value, inFlow, style);
}
