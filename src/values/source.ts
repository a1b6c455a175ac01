/**
 * Positions in a values file's source text, and the splices that edit it: the edit replaces
 * only the ranges it must, so everything else stays byte for byte.
 */
import { isMap, type Document, type Node as YamlNode, type Pair, type YAMLMap } from 'yaml';

/** Replace `text.slice(start, end)` with `text`. */
export interface Splice {
  start: number;
  end: number;
  text: string;
}

/** Applies non-overlapping splices, from the end so that earlier offsets stay valid. */
export function applySplices(text: string, splices: readonly Splice[]): string {
  let out = text;
  for (const s of [...splices].sort((a, b) => b.start - a.start || b.end - a.end)) {
    out = out.slice(0, s.start) + s.text + out.slice(s.end);
  }
  return out;
}

export function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

/** Offset just past the line break that ends the line containing `offset` (or the text's end). */
export function lineEnd(text: string, offset: number): number {
  const nl = text.indexOf('\n', offset);
  return nl === -1 ? text.length : nl + 1;
}

/** The column of a node's first character. */
export function columnOf(text: string, node: unknown): number {
  const start = (node as YamlNode).range?.[0] ?? 0;
  return start - lineStart(text, start);
}

/** The indentation step the file uses: the column of the first nested block key, else 2. */
export function detectIndent(root: YAMLMap, text: string): number {
  for (const pair of root.items) {
    const value = pair.value as YamlNode | null;
    if (isMap(value) && !value.flow && value.items[0]) {
      const indent = columnOf(text, value.items[0].key);
      if (indent > 0) return indent;
    }
  }
  return 2;
}

/**
 * Where to append a new top-level key: the end of the text, or before the `...` that ends the
 * document or the `---` that starts the next (an empty one, in a values file ending in `---`).
 */
export function documentEnd(text: string, doc: Document): number {
  const contentsEnd = doc.contents?.range?.[2] ?? 0;
  const marker = /^(?:\.\.\.|---)(?:[ \t]|$)/m.exec(text.slice(contentsEnd));
  return marker ? contentsEnd + marker.index : text.length;
}

/**
 * Replaces the scalar at `range` with `value`. A block scalar's range takes its final line
 * break, which is kept; a trailing comment keeps its column where there is room:
 * `enabled: false  # x` → `enabled: true   # x`.
 */
export function replaceScalar(text: string, range: readonly number[], value: string): Splice {
  const start = range[0]!;
  let end = range[1]!;
  const trailing = /(\r?\n)+$/.exec(text.slice(start, end))?.[0] ?? '';
  end -= trailing.length;
  const lead = start === end && !/[ \t]$/.test(text.slice(0, start)) ? ' ' : '';
  const gap = /^( +)#/.exec(text.slice(end));
  if (gap && !trailing) {
    const spaces = Math.max(1, gap[1]!.length + (end - start) - (lead.length + value.length));
    return { start, end: end + gap[1]!.length, text: `${lead}${value}${' '.repeat(spaces)}` };
  }
  const tail = text[end] === '#' ? ' ' : '';
  return { start, end, text: `${lead}${value}${tail}` };
}

/** Gives a value to a key that has none: `bundleUrl:` → `bundleUrl: "..."`. */
export function insertAfterColon(text: string, pair: Pair, value: string): Splice {
  const colon = text.indexOf(':', (pair.key as YamlNode).range![1]);
  return { start: colon + 1, end: colon + 1, text: ` ${value}` };
}

/** The text span that removes one pair of a map (its whole lines in a block map). */
export function removal(text: string, map: YAMLMap, item: Pair): Splice {
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

/**
 * Where new pairs go at the end of a flow mapping, and what separates them from the last pair:
 * `{a: 1}` → after `1`, `, `; `{}` or `{a: 1,}` → no comma is added.
 */
export function flowAppend(
  text: string,
  map: YAMLMap,
): { at: number; open: boolean; comma: boolean } {
  // The range ends just past the closing brace (which, nested, may be followed by another).
  const close = text.lastIndexOf('}', map.range![1] - 1);
  const before = text.slice(0, close).trimEnd();
  return { at: before.length, open: before.endsWith('{'), comma: before.endsWith(',') };
}

/**
 * How many lines two versions share at their start (`head`) and, after that, at their end
 * (`tail`): what lies between is all an edit changed.
 */
export function commonEnds(
  a: readonly string[],
  b: readonly string[],
): { head: number; tail: number } {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  )
    tail++;
  return { head, tail };
}
