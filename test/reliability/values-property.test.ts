/**
 * Property-based test of the values-file edit (fast-check): generated YAML documents with
 * comments, anchors and aliases, every scalar style, flow and block collections, CRLF and a BOM.
 * After the edit the data equals the original except the three staticExport keys, and every line
 * outside the staticExport block is unchanged, byte for byte. A replaced bundleUrl or version
 * keeps its style (plain, single or double quoted) where that style can carry the new value, and
 * YAML 1.1 reads the written values as the same strings (versions that look like dates, numbers or
 * booleans included).
 *
 * A second property does the same for a values-key path: through the generated keys,
 * under `enterprise` as an umbrella chart holds it, or new. The edit either succeeds, with the
 * data changed only at the path and every line outside the lines it must touch kept in order, or
 * is refused exactly when the path runs through a scalar, a list, an alias or a shared anchor,
 * naming the path and the line.
 *
 * Seeded: the seed is printed; rerun a failure with VALUES_PROPERTY_SEED=<seed>. The number of
 * cases is VALUES_PROPERTY_RUNS (default 2000).
 */
import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  isAlias,
  isMap,
  isScalar,
  parseDocument,
  visit,
  type Document,
  type Pair,
  type Node as YamlNode,
} from 'yaml';
import { UserError } from '../../src/shared/errors.js';
import { documentStats } from '../../src/shared/documents.js';
import { planValuesEdit } from '../../src/values/edit.js';
import type { KeyPath, StaticExportValues } from '../../src/values/file.js';
import { document, pick, WORDS, type Case, type Gen } from '../helpers/values-gen.js';
import { expectStylesKept, mostUsedQuote, readsAs } from '../helpers/values-style.js';

const SEED = Number(process.env.VALUES_PROPERTY_SEED ?? Date.now() % 2 ** 31);
const RUNS = Number(process.env.VALUES_PROPERTY_RUNS ?? 2000);

/** Line numbers (0-based, inclusive) of the staticExport pair in `text`, or undefined. */
function staticLines(text: string): [number, number] | undefined {
  const doc = parseDocument(text, { keepSourceTokens: true });
  if (!isMap(doc.contents)) return undefined;
  const pair = doc.contents.items.find(
    (p: Pair) => (p.key as { value?: unknown } | null)?.value === 'staticExport',
  );
  if (!pair) return undefined;
  const start = (pair.key as YamlNode).range![0];
  const value = pair.value as YamlNode | null;
  const end = value?.range ? value.range[1] : (pair.key as YamlNode).range![1];
  const lineOf = (offset: number) => text.slice(0, offset).split('\n').length - 1;
  // A value's range ends after its line break for block collections; step back onto its line.
  const last = end > start && text[end - 1] === '\n' ? end - 1 : end;
  return [lineOf(start), lineOf(Math.max(start, last - 1))];
}

function check(
  text: string,
  values: StaticExportValues,
  original: ReturnType<typeof parseDocument>,
): boolean {
  // As a run plans it: first with a placeholder link (the render check), so that the edit itself
  // may be proven by the one token it swaps (values/swap.ts) rather than parsed again; what it
  // returns is read back whole here all the same.
  try {
    planValuesEdit(text, { ...values, bundleUrl: PLACEHOLDER });
  } catch {
    // Nothing to swap from: the edit below is read back whole.
  }
  const parses = documentStats().parses;
  const plan = planValuesEdit(text, values);
  const swapped = plan.changed && documentStats().parses === parses;
  // 1. The data: the original's, with the three keys set.
  const expected = (original.toJS({ maxAliasCount: 10_000 }) ?? {}) as Record<string, unknown>;
  const block = expected.staticExport;
  const merged: Record<string, unknown> = block && typeof block === 'object' ? { ...block } : {};
  merged.enabled = true;
  merged.bundleUrl = values.bundleUrl;
  if (values.version === undefined) delete merged.version;
  else merged.version = values.version;
  expected.staticExport = merged;
  const after = parseDocument(plan.text, { uniqueKeys: true });
  expect(after.errors).toEqual([]);
  expect(isDeepStrictEqual(after.toJS({ maxAliasCount: 10_000 }), expected)).toBe(true);

  // 2. The lines: everything before the block is byte for byte the same, and everything
  //    after it; the edit lives inside the block (or is appended at the end).
  const before = text.split('\n');
  const now = plan.text.split('\n');
  const range = staticLines(text);
  if (range) {
    expect(now.slice(0, range[0])).toEqual(before.slice(0, range[0]));
    const tail = before.slice(range[1] + 1);
    expect(now.slice(now.length - tail.length)).toEqual(tail);
  } else {
    const kept = text.endsWith('\n') ? before.slice(0, -1) : before.slice(0, -1);
    expect(now.slice(0, kept.length)).toEqual(kept);
    if (!text.endsWith('\n')) {
      expect(now[kept.length]!.startsWith(before.at(-1)!)).toBe(true);
    }
  }

  // 3. A replaced value keeps its style where it can; YAML 1.1 reads what 1.2 reads.
  expectStylesKept(text, plan.text, values);

  // 4. Line endings and BOM kept.
  if (text.includes('\r\n') && !/[^\r]\n/.test(text)) expect(/[^\r]\n/.test(plan.text)).toBe(false);
  expect(plan.text.startsWith('\uFEFF')).toBe(text.startsWith('\uFEFF'));
  return swapped;
}

const PLACEHOLDER =
  'https://render-check.invalid/rendercheck00112233445566778899aabb/site.tar.gz?X-Amz-Signature=rendercheck00112233445566778899aabb';

/** What the generator covered: replaced values of each style, files that prefer single quotes,
 * new versions that plain YAML would read as something else. */
function countStyles(
  styles: Record<string, number>,
  text: string,
  original: ReturnType<typeof parseDocument>,
  values: StaticExportValues,
) {
  const block: unknown = isMap(original.contents)
    ? original.contents.get('staticExport', true)
    : undefined;
  for (const key of ['bundleUrl', 'version']) {
    const node: unknown = isMap(block) ? block.get(key, true) : undefined;
    if (isScalar(node) && node.value !== null && node.type! in styles) styles[node.type!]!++;
  }
  if (mostUsedQuote(text) === 'QUOTE_SINGLE') styles.singleMajority!++;
  if (values.version && !readsAs(values.version, values.version, 'PLAIN', false)) styles.unsafe!++;
}

describe(`values-file edit: generated documents (fast-check, seed ${SEED}, ${RUNS} runs)`, () => {
  it('changes only the staticExport keys, in data and in lines', { timeout: 120_000 }, () => {
    console.log(`values-property: seed ${SEED}, ${RUNS} runs (VALUES_PROPERTY_SEED to replay)`);
    let failing: Case | undefined;
    const stats = {
      cases: 0,
      withStatic: 0,
      crlf: 0,
      bom: 0,
      anchors: 0,
      flowStatic: 0,
      swapped: 0,
    };
    const styles = { PLAIN: 0, QUOTE_SINGLE: 0, QUOTE_DOUBLE: 0, singleMajority: 0, unsafe: 0 };
    fc.assert(
      fc.property(fc.gen(), (g) => {
        const { text, values } = document(g);
        const original = parseDocument(text, { uniqueKeys: true });
        fc.pre(original.errors.length === 0);
        stats.cases++;
        if (text.includes('staticExport')) stats.withStatic++;
        if (text.includes('\r\n')) stats.crlf++;
        if (text.startsWith('\uFEFF')) stats.bom++;
        if (text.includes('*a')) stats.anchors++;
        if (text.includes('staticExport: {')) stats.flowStatic++;
        countStyles(styles, text, original, values);

        try {
          if (check(text, values, original)) stats.swapped++;
        } catch (error) {
          failing = { text, values };
          throw error;
        }
      }),

      {
        seed: SEED,
        numRuns: RUNS,
        // The shrunk document that fails, printed so that it can be made a fixture.
        reporter: (details) => {
          if (details.failed) {
            throw new Error(
              `${fc.defaultReportMessage(details)}\nDocument: ${JSON.stringify(failing?.text)}\nValues: ${JSON.stringify(failing?.values)}`,
            );
          }
        },
      },
    );
    console.log(`values-property: ${JSON.stringify(stats)} ${JSON.stringify(styles)}`);
    expect(stats.cases).toBeGreaterThanOrEqual(RUNS * 0.9);
    expect(stats.crlf).toBeGreaterThan(0);
    expect(stats.bom).toBeGreaterThan(0);
    expect(stats.anchors).toBeGreaterThan(0);
    expect(stats.flowStatic).toBeGreaterThan(0);
    // Edits proven by the swap of one token, then read whole by this test.
    expect(stats.swapped).toBeGreaterThan(RUNS * 0.2);
    for (const [style, n] of Object.entries(styles)) expect(n, style).toBeGreaterThan(0);
  });
});

/** A path through the generated top keys and their keys, under enterprise, or new. */
function keyPath(g: Gen, doc: Document): KeyPath {
  const tops = isMap(doc.contents)
    ? doc.contents.items.map((p) => String((p.key as { value?: unknown }).value))
    : [];
  const first = pick(g, [...tops, 'enterprise', 'enterprise', 'newTop']);
  const n = g(fc.nat, { max: 2 });
  const rest = Array.from({ length: n }, () => pick(g, [...WORDS, 'staticExport', 'staticExport']));
  return [first, ...rest];
}

/** Lines (0-based, inclusive) from one offset to another. */
function lineSpan(text: string, start: number, end: number): [number, number] {
  const lineOf = (offset: number) => text.slice(0, offset).split('\n').length - 1;
  const last = end > start && text[end - 1] === '\n' ? end - 1 : end;
  return [lineOf(start), lineOf(Math.max(start, last - 1))];
}

const isShared = (doc: Document, node: YamlNode): boolean => {
  if (!('anchor' in node) || !node.anchor) return false;
  let shared = false;
  visit(doc, {
    Alias(_, alias) {
      if (alias.resolve(doc) === node) shared = true;
    },
  });
  return shared;
};

/**
 * Worked out here, apart from the action's code: where the path stops being a mapping (a refusal
 * is due, at that line) or the lines an edit may rewrite (a flow mapping on the way, an empty
 * value filled in, the block itself); lines elsewhere may only gain neighbours.
 */
function expectation(
  doc: Document,
  text: string,
  at: KeyPath,
): { refused?: { name: string; line?: number }; touched?: [number, number] } {
  let node: unknown = doc.contents;
  let touched: [number, number] | undefined;
  for (let i = 0; i < at.length && isMap(node); i++) {
    if (node.flow && !touched) touched = lineSpan(text, node.range![0], node.range![1]);
    const pair = node.items.find((p) => (p.key as { value?: unknown }).value === at[i]) as Pair;
    if (!pair) break;
    const key = pair.key as YamlNode;
    const value = pair.value as YamlNode | null;
    const name = at.slice(0, i + 1).join('.');
    if (!value || (isScalar(value) && value.value === null)) {
      if (value && isShared(doc, value)) return { refused: { name } };
      touched ??= lineSpan(text, key.range![0], value?.range?.[1] ?? key.range![1]);
      break;
    }
    if (isAlias(value) || !isMap(value)) {
      return { refused: { name, line: text.slice(0, value.range![0]).split('\n').length } };
    }
    if (isShared(doc, value)) return { refused: { name } };
    if (i === at.length - 1) touched ??= lineSpan(text, key.range![0], value.range![1]);
    node = value;
  }
  return { touched };
}

/** The original data as Helm reads it, with the values at the path. */
function expectedData(doc: Document, at: KeyPath, values: StaticExportValues): unknown {
  const data = (doc.toJS({ maxAliasCount: 10_000 }) ?? {}) as Record<string, unknown>;
  let map = data;
  for (const key of at) {
    const current = map[key];
    map[key] = current && typeof current === 'object' ? { ...current } : {};
    map = map[key] as Record<string, unknown>;
  }
  map.enabled = true;
  map.bundleUrl = values.bundleUrl;
  if (values.version === undefined) delete map.version;
  else map.version = values.version;
  return data;
}

/** `kept` appears in `lines` in the same order (other lines may come between). */
function isSubsequence(kept: readonly string[], lines: readonly string[]): boolean {
  let i = 0;
  for (const line of lines) if (i < kept.length && line === kept[i]) i++;
  return i === kept.length;
}

function checkPath(text: string, values: StaticExportValues, at: KeyPath): string[] | 'refused' {
  const doc = parseDocument(text, { uniqueKeys: true, merge: true });
  const { refused, touched } = expectation(doc, text, at);
  let plan;
  try {
    plan = planValuesEdit(text, values, 'values.yaml', at);
  } catch (error) {
    expect(error, String(error)).toBeInstanceOf(UserError);
    expect(refused, `refused a path that can be written: ${String(error)}`).toBeDefined();
    const message = (error as Error).message;
    expect(message).toContain(`values-file "values.yaml" has `);
    expect(message).toContain(refused!.line ? `${refused!.name} ` : `on ${refused!.name} `);
    if (refused!.line) expect(message).toContain(`at line ${refused!.line},`);
    return 'refused';
  }
  expect(refused, `wrote through ${refused?.name}`).toBeUndefined();
  const after = parseDocument(plan.text, { uniqueKeys: true, merge: true });
  expect(after.errors).toEqual([]);
  expect(after.toJS({ maxAliasCount: 10_000 })).toEqual(expectedData(doc, at, values));
  // Split at CRLF too: the last line may gain the line break it lacked.
  const before = text.split(/\r?\n/);
  const kept = before.filter((_, i) => !touched || i < touched[0] || i > touched[1]);
  expect(isSubsequence(kept, plan.text.split(/\r?\n/)), plan.text).toBe(true);
  expect(plan.text.startsWith('\uFEFF')).toBe(text.startsWith('\uFEFF'));
  if (text.includes('\r\n') && !/[^\r]\n/.test(text)) expect(/[^\r]\n/.test(plan.text)).toBe(false);
  return plan.changes;
}

describe(`values-key paths: generated documents (fast-check, seed ${SEED}, ${RUNS} runs)`, () => {
  it(
    'edits only at the path, or refuses exactly the paths that cannot be written',
    { timeout: 120_000 },
    () => {
      let failing: (Case & { at: KeyPath }) | undefined;
      const stats = { edited: 0, refused: 0, nested: 0, created: 0, filled: 0 };
      fc.assert(
        fc.property(fc.gen(), (g) => {
          const { text, values } = document(g, g(fc.nat, { max: 2 }) !== 0);
          const at = keyPath(g, parseDocument(text));
          fc.pre(parseDocument(text, { uniqueKeys: true }).errors.length === 0);
          let changes;
          try {
            changes = checkPath(text, values, at);
          } catch (error) {
            failing = { text, values, at };
            throw error;
          }
          if (changes === 'refused') {
            stats.refused++;
            return;
          }
          stats.edited++;
          if (at.length > 1) stats.nested++;
          if (changes.some((c) => c.endsWith(' added') && c.includes('.'))) stats.created++;
          if (changes.some((c) => c.endsWith(' filled in'))) stats.filled++;
        }),
        {
          seed: SEED,
          numRuns: RUNS,
          reporter: (details) => {
            if (details.failed) {
              throw new Error(
                `${fc.defaultReportMessage(details)}\nDocument: ${JSON.stringify(failing?.text)}\nValues: ${JSON.stringify(failing?.values)}\nvalues-key: ${failing?.at.join('.')}`,
              );
            }
          },
        },
      );
      console.log(`values-path-property: ${JSON.stringify(stats)}`);
      for (const [what, n] of Object.entries(stats)) expect(n, what).toBeGreaterThan(0);
    },
  );
});
