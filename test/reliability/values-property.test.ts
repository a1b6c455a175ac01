/**
 * Property-based test of the values-file edit (fast-check): generated YAML documents with
 * comments, anchors and aliases, every scalar style, flow and block collections, CRLF and a BOM.
 * After the edit the data equals the original except the three staticExport keys, and every line
 * outside the staticExport block is unchanged, byte for byte. A replaced bundleUrl or version
 * keeps its style (plain, single or double quoted) where that style can carry the new value, and
 * YAML 1.1 reads the written values as the same strings (versions that look like dates, numbers or
 * booleans included).
 *
 * Seeded: the seed is printed; rerun a failure with VALUES_PROPERTY_SEED=<seed>. The number of
 * cases is VALUES_PROPERTY_RUNS (default 2000).
 */
import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { isMap, isScalar, parseDocument, type Pair, type Node as YamlNode } from 'yaml';
import { planValuesEdit } from '../../src/values/edit.js';
import type { StaticExportValues } from '../../src/values/file.js';
import { expectStylesKept, mostUsedQuote, readsAs } from '../helpers/values-style.js';

const SEED = Number(process.env.VALUES_PROPERTY_SEED ?? Date.now() % 2 ** 31);
const RUNS = Number(process.env.VALUES_PROPERTY_RUNS ?? 2000);

type Gen = fc.GeneratorValue;
interface Ctx {
  g: Gen;
  anchors: string[];
  nextAnchor: number;
  unit: number;
}

const WORDS = ['alpha', 'beta', 'gamma', 'delta', 'image', 'tag', 'port', 'host', 'labels', 'x_y'];
const pick = <T>(g: Gen, items: readonly T[]): T => items[g(fc.nat, { max: items.length - 1 })]!;

/** A scalar that fits on one line, in any flow-safe style. */
function scalar(c: Ctx, inFlow: boolean): string {
  const { g } = c;
  const word = pick(g, WORDS);
  switch (g(fc.nat, { max: 9 })) {
    case 0:
      return word;
    case 1:
      return String(g(fc.integer, { min: -5000, max: 5000 }));
    case 2:
      return pick(g, ['true', 'false', 'yes', 'on', 'null', '~', '1.5e3', '0x1F', '.inf']);
    case 3:
      return `'${word} it''s # not a comment'`;
    case 4:
      return `"${word} \\"q\\" \\t tab \\u00e9"`;
    case 5:
      return inFlow ? `${word} two` : `${word} with: colon-free words`.replace(':', '');
    case 6:
      return `20${g(fc.integer, { min: 10, max: 29 })}-0${g(fc.integer, { min: 1, max: 9 })}-1${g(fc.nat, { max: 9 })}`;
    case 7:
      return `'multi word'`;
    case 8:
      return `""`;
    default:
      return `https://example.com/${word}?a=1&b=2`;
  }
}

function flowCollection(c: Ctx, depth: number): string {
  const { g } = c;
  const n = g(fc.nat, { max: 3 });
  const items: string[] = [];
  const seen = new Set<string>();
  const asMap = g(fc.boolean);
  for (let i = 0; i < n; i++) {
    const value =
      depth < 2 && g(fc.nat, { max: 4 }) === 0
        ? flowCollection(c, depth + 1)
        : inlineScalar(c, true);
    if (asMap) {
      const key = pick(g, WORDS);
      if (seen.has(key)) continue;
      seen.add(key);
      items.push(`${key}: ${value}`);
    } else items.push(value);
  }
  return asMap ? `{${items.join(', ')}}` : `[${items.join(', ')}]`;
}

function inlineScalar(c: Ctx, inFlow: boolean): string {
  const { g } = c;
  if (c.anchors.length > 0 && g(fc.nat, { max: 6 }) === 0) return `*${pick(g, c.anchors)}`;
  return scalar(c, inFlow);
}

function anchor(c: Ctx): string {
  if (c.g(fc.nat, { max: 3 }) !== 0) return '';
  const name = `a${c.nextAnchor++}`;
  c.anchors.push(name);
  return `&${name} `;
}

const comment = (c: Ctx) => (c.g(fc.nat, { max: 3 }) === 0 ? `  # note ${pick(c.g, WORDS)}` : '');

/** Lines for `key: value` at `indent`, the value in any style. */
function entry(c: Ctx, key: string, indent: number, depth: number): string[] {
  const { g } = c;
  const pad = ' '.repeat(indent);
  const inner = ' '.repeat(indent + c.unit);
  const kind = depth >= 2 ? g(fc.nat, { max: 2 }) : g(fc.nat, { max: 6 });
  switch (kind) {
    case 0:
    case 1:
      return [`${pad}${key}: ${anchor(c)}${inlineScalar(c, false)}${comment(c)}`];
    case 2:
      return [`${pad}${key}: ${anchor(c)}${flowCollection(c, 0)}${comment(c)}`];
    case 3: {
      // Block scalar, any chomping.
      const header = pick(g, ['|', '|-', '|+', '>', '>-', '|2']);
      const body =
        header === '|2'
          ? [`${pad}  line one`, `${pad}    indented`]
          : [`${inner}line one`, `${inner}line two # kept`];
      return [`${pad}${key}: ${header}`, ...body, ...(header === '|+' ? [''] : [])];
    }
    case 4: {
      const a = anchor(c).trim();
      const lines = [`${pad}${key}:${a ? ` ${a}` : ''}${comment(c)}`];
      const keys = new Set<string>();
      const n = 1 + g(fc.nat, { max: 3 });
      for (let i = 0; i < n; i++) {
        const k = pick(g, WORDS);
        if (keys.has(k)) continue;
        keys.add(k);
        if (g(fc.nat, { max: 5 }) === 0) lines.push(`${inner}# a comment line`);
        lines.push(...entry(c, k, indent + c.unit, depth + 1));
      }
      return lines;
    }
    case 5: {
      const lines = [`${pad}${key}:${comment(c)}`];
      const n = 1 + g(fc.nat, { max: 3 });
      const dash = g(fc.boolean) ? pad : inner; // both indentations of a sequence are valid
      for (let i = 0; i < n; i++) {
        if (g(fc.nat, { max: 3 }) === 0 && depth < 2) {
          lines.push(`${dash}- ${pick(g, WORDS)}: ${inlineScalar(c, false)}`);
          lines.push(`${dash}  ${pick(g, ['zeta', 'eta'])}: ${scalar(c, false)}`);
        } else lines.push(`${dash}- ${inlineScalar(c, false)}${comment(c)}`);
      }
      return lines;
    }
    default:
      return c.anchors.length > 0
        ? [`${pad}${key}: *${pick(g, c.anchors)}${comment(c)}`]
        : [`${pad}${key}: ${scalar(c, false)}`];
  }
}

const STATIC_VALUE: Record<string, (c: Ctx) => string> = {
  enabled: (c) => pick(c.g, ['false', 'true', "'false'", '"no"', 'off']),
  bundleUrl: (c) =>
    pick(c.g, [
      "''",
      '""',
      'https://old.example/b.tgz',
      "'https://old/x?y=1'",
      '"https://old/x?y=2"',
      '~',
    ]),
  version: (c) =>
    pick(c.g, ['2024-06-01', "'v1'", '"2024.1"', '1.2', '~', 'v1', "'2024-06-01'", '"1.0"']),
};

function staticExportBlock(c: Ctx): string[] {
  const { g } = c;
  const pad = ' '.repeat(c.unit);
  switch (g(fc.nat, { max: 5 })) {
    case 0:
      return [`staticExport:${comment(c)}`];
    case 1:
      return [`staticExport: ${pick(g, ['~', 'null', '{}'])}${comment(c)}`];
    case 2: {
      const keys = ['enabled', 'bundleUrl', 'version'].filter(() => g(fc.boolean));
      return [`staticExport: {${keys.map((k) => `${k}: ${STATIC_VALUE[k]!(c)}`).join(', ')}}`];
    }
    default: {
      const lines = [`staticExport:${comment(c)}`];
      const keys = g(fc.shuffledSubarray, [
        'enabled',
        'bundleUrl',
        'version',
        'extra',
        'pullPolicy',
      ]);
      if (keys.length === 0) keys.push('enabled');
      for (const k of keys) {
        if (g(fc.nat, { max: 4 }) === 0) lines.push(`${pad}# about ${k}`);
        const value = STATIC_VALUE[k]?.(c) ?? scalar(c, false);
        lines.push(`${pad}${k}: ${value}${comment(c)}`);
      }
      return lines;
    }
  }
}

/** New versions: plain-safe ones, and ones YAML reads as a date, number, boolean or null. */
const VERSIONS = [
  ...['v2', "it's", 'v2.1-rc', '2026.11', 'release 7'],
  ...['2026-11-22', '2026-11-22T10:00:00Z', '1.0', '1.10', '10', '0x1F', '1:20'],
  ...['true', 'yes', 'off', '~', 'null', 'a: b', 'x #1'],
];

interface Case {
  text: string;
  values: StaticExportValues;
}

function document(g: Gen): Case {
  const c: Ctx = { g, anchors: [], nextAnchor: 1, unit: g(fc.boolean) ? 2 : 4 };
  const lines: string[] = [];
  if (g(fc.boolean)) lines.push('# Values for the docs chart', '');
  if (g(fc.nat, { max: 5 }) === 0) lines.push('---');
  const names = g(
    fc.shuffledSubarray,
    WORDS.map((w) => `${w}Top`),
    { minLength: 1, maxLength: 7 },
  );
  const staticAt = g(fc.nat, { max: names.length }); // names.length: at the end
  const withStatic = g(fc.nat, { max: 4 }) !== 0;
  names.forEach((name, i) => {
    if (withStatic && i === staticAt) lines.push(...staticExportBlock(c));
    if (g(fc.nat, { max: 4 }) === 0) lines.push('');
    lines.push(...entry(c, name, 0, 0));
  });
  if (withStatic && staticAt === names.length) lines.push(...staticExportBlock(c));
  if (g(fc.nat, { max: 5 }) === 0) lines.push('# trailing comment');
  const eol = g(fc.boolean) ? '\r\n' : '\n';
  const bom = g(fc.nat, { max: 4 }) === 0 ? '\uFEFF' : '';
  const finalEol = g(fc.nat, { max: 4 }) === 0 ? '' : eol;
  const text = bom + lines.join(eol) + finalEol;
  const values: StaticExportValues = {
    enabled: true,
    bundleUrl: `https://storage.example.com/b/${g(fc.nat)}.tar.gz?X-Amz-Signature=${g(fc.nat)}&a='q'#x`,
    version: g(fc.nat, { max: 3 }) !== 0 ? pick(g, VERSIONS) : undefined,
  };
  return { text, values };
}

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
) {
  const plan = planValuesEdit(text, values);
  // 1. The data: the original's, with the three keys set.
  const expected = (original.toJS({ maxAliasCount: 10_000 }) ?? {}) as Record<string, unknown>;
  const block = expected.staticExport;
  const merged: Record<string, unknown> =
    block && typeof block === 'object' ? { ...(block as object) } : {};
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
}

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
    const stats = { cases: 0, withStatic: 0, crlf: 0, bom: 0, anchors: 0, flowStatic: 0 };
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
          check(text, values, original);
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
    for (const [style, n] of Object.entries(styles)) expect(n, style).toBeGreaterThan(0);
  });
});
