/**
 * Generated values files for the property tests (fast-check): comments, anchors and aliases, every
 * scalar style, flow and block collections, block scalars, CRLF and a byte-order mark, with a
 * staticExport block in any form at the top or (`umbrella`) under `enterprise`, as an umbrella
 * chart's values hold it.
 */
import fc from 'fast-check';
import type { StaticExportValues } from '../../src/values/file.js';

export type Gen = fc.GeneratorValue;
interface Ctx {
  g: Gen;
  anchors: string[];
  nextAnchor: number;
  unit: number;
}

export const WORDS = [
  'alpha',
  'beta',
  'gamma',
  'delta',
  'image',
  'tag',
  'port',
  'host',
  'labels',
  'x_y',
];
export const pick = <T>(g: Gen, items: readonly T[]): T =>
  items[g(fc.nat, { max: items.length - 1 })]!;

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

/**
 * `&name ` for the node `write` writes, or nothing; aliases may use the name once the node is
 * written, never inside it: Helm refuses an anchor whose value contains itself.
 */
function anchored(c: Ctx, write: (anchor: string) => string[]): string[] {
  if (c.g(fc.nat, { max: 3 }) !== 0) return write('');
  const name = `a${c.nextAnchor++}`;
  const lines = write(`&${name} `);
  c.anchors.push(name);
  return lines;
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
      return anchored(c, (a) => [`${pad}${key}: ${a}${inlineScalar(c, false)}${comment(c)}`]);
    case 2:
      return anchored(c, (a) => [`${pad}${key}: ${a}${flowCollection(c, 0)}${comment(c)}`]);
    case 3: {
      // Block scalar, any chomping.
      const header = pick(g, ['|', '|-', '|+', '>', '>-', '|2']);
      const body =
        header === '|2'
          ? [`${pad}  line one`, `${pad}    indented`]
          : [`${inner}line one`, `${inner}line two # kept`];
      return [`${pad}${key}: ${header}`, ...body, ...(header === '|+' ? [''] : [])];
    }
    case 4:
      return anchored(c, (a) => {
        const lines = [`${pad}${key}:${a ? ` ${a.trim()}` : ''}${comment(c)}`];
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
      });
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

export interface Case {
  text: string;
  values: StaticExportValues;
}

/** The block under `enterprise` (an umbrella chart's values), or `enterprise` empty or without it. */
function umbrellaBlock(c: Ctx): string[] {
  const { g } = c;
  const pad = ' '.repeat(c.unit);
  switch (g(fc.nat, { max: 4 })) {
    case 0:
      return [`enterprise:${comment(c)}`];
    case 1:
      return [`enterprise: ${pick(g, ['~', 'null', '{}', '{replicaCount: 2}'])}${comment(c)}`];
    case 2:
      return ['enterprise:', `${pad}replicaCount: 2`];
    default: {
      const image = g(fc.boolean) ? [`${pad}image: {tag: "1.0"}`] : [];
      return ['enterprise:', ...image, ...staticExportBlock(c).map((line) => pad + line)];
    }
  }
}

/** A values file and the values to write; `umbrella`: the block lives under `enterprise`. */
export function document(g: Gen, umbrella = false): Case {
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
  const block = () => (umbrella ? umbrellaBlock(c) : staticExportBlock(c));
  names.forEach((name, i) => {
    if (withStatic && i === staticAt) lines.push(...block());
    if (g(fc.nat, { max: 4 }) === 0) lines.push('');
    lines.push(...entry(c, name, 0, 0));
  });
  if (withStatic && staticAt === names.length) lines.push(...block());
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
