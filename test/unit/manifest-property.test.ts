/**
 * Property tests of manifest targets over generated multi-document files: the generated values
 * files of the values-file property tests (comments, anchors, every scalar style, CRLF), embedded
 * as a HelmRelease's spec.values or an Argo CD Application's values string (any chomping), among
 * other documents (a ConfigMap whose block scalar holds a `---` line, comments between documents,
 * an empty trailing document). A values string may also hold a comment with a tab, trailing
 * spaces and blank lines with spaces: every line outside the edited block stays byte for byte. The edit must give the chart values the plain editor gives the
 * same values file, and leave every byte outside the edited document as it was.
 */
import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { UserError } from '../../src/shared/errors.js';
import { planValuesEdit } from '../../src/values/edit.js';
import type { KeyPath } from '../../src/values/file.js';
import { chartValues, chooseTargets, planManifestEdits } from '../../src/values/target.js';
import { document, type Gen } from '../helpers/values-gen.js';

const KEY: KeyPath = ['staticExport'];
const FILE = { path: '/ws/docs.yaml', display: 'docs.yaml' };

const OTHERS = [
  [
    'apiVersion: v1',
    'kind: ConfigMap',
    'metadata: {name: notes}',
    'data:',
    '  notes: |',
    '    a',
    '    ---',
    '    b',
  ],
  [
    '# the source',
    'apiVersion: source.toolkit.fluxcd.io/v1',
    'kind: HelmRepository',
    'metadata:',
    '  name: repo',
    'spec: {url: "https://x"}',
  ],
  [
    'apiVersion: apps/v1',
    'kind: Deployment',
    'metadata: {name: web}',
    'spec:',
    '  replicas: 1 # one',
  ],
];

interface Built {
  text: string;
  /** The chart values as a plain values file, for the plain editor. */
  plain: string;
  target: number;
}

function build(g: Gen): Built & { values: ReturnType<typeof document>['values'] } {
  const { text, values } = document(g);
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((line) => line !== '---');
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  const argo = g(fc.boolean);
  // In a values string, bytes the YAML inside does not read: a comment with a tab, trailing
  // spaces and tabs after a comment, blank lines holding up to the string's indentation in spaces.
  if (argo && g(fc.boolean)) lines.unshift('#\ttabbed comment');
  if (argo && g(fc.boolean)) lines.push('# trailing spaces \t  ');
  const blank = argo && g(fc.boolean);
  const plain = lines.join('\n') + '\n';
  const indent = (n: number) =>
    lines.map((l) =>
      l === '' ? (blank ? ' '.repeat(g(fc.nat, { max: n })) : '') : ' '.repeat(n) + l,
    );
  const chomp = argo ? ['', '-', '+'][g(fc.nat, { max: 2 })]! : '';
  const target = argo
    ? [
        'apiVersion: argoproj.io/v1alpha1',
        'kind: Application',
        'metadata: {name: docs}',
        'spec:',
        '  source:',
        '    chart: enterprise',
        '    helm:',
        `      values: |${chomp}`,
        ...indent(8),
        ...(chomp === '+' && g(fc.boolean) ? [''] : []),
        '    repoURL: https://charts.example.com',
      ]
    : [
        'apiVersion: helm.toolkit.fluxcd.io/v2',
        'kind: HelmRelease',
        'metadata: {name: docs}',
        'spec:',
        '  chart: {spec: {chart: enterprise}}',
        '  values:',
        ...indent(4),
      ];
  const others = g(fc.shuffledSubarray, OTHERS, { minLength: 0, maxLength: 3 });
  const at = g(fc.nat, { max: others.length });
  const docs = [...others.slice(0, at), target, ...others.slice(at)];
  const separator = () => (g(fc.boolean) ? ['---'] : ['# between', '---', '# next']);
  const out: string[] = [];
  docs.forEach((doc, i) => {
    if (i > 0) out.push(...separator());
    out.push(...doc);
  });
  if (g(fc.nat, { max: 3 }) === 0) out.push('---');
  const bom = g(fc.nat, { max: 4 }) === 0 ? '\uFEFF' : '';
  return { text: bom + out.join(eol) + eol, plain, target: at, values };
}

/**
 * The lines of the values string outside the edited block (those before the first line whose
 * value changed, and after the last) are byte for byte those of the source.
 */
function sameLinesAround(before: string, after: string): void {
  const body = (text: string) => {
    const lines = text.split('\n');
    const start = lines.findIndex((line) => /^ {6}values: \|/.test(line)) + 1;
    const end = lines.findIndex((line) => line.startsWith('    repoURL: '));
    return lines.slice(start, end);
  };
  const read = (line: string) => line.replace(/\r$/, '').replace(/^ {1,8}/, '');
  const old = body(before);
  const now = body(after);
  let head = 0;
  while (head < Math.min(old.length, now.length) && read(old[head]!) === read(now[head]!)) head++;
  let tail = 0;
  while (
    tail < Math.min(old.length, now.length) - head &&
    read(old[old.length - 1 - tail]!) === read(now[now.length - 1 - tail]!)
  )
    tail++;
  expect(now.slice(0, head)).toEqual(old.slice(0, head));
  expect(now.slice(now.length - tail)).toEqual(old.slice(old.length - tail));
}

describe('manifest targets over generated multi-document files', () => {
  it('give the chart values the plain editor gives, and leave every other byte as it was', () => {
    fc.assert(
      fc.property(fc.gen(), (g) => {
        const { text, plain, target, values } = build(g);
        let expected: unknown;
        try {
          expected = parse(planValuesEdit(plain, values, 'plain.yaml', KEY).text);
        } catch (error) {
          if (!(error instanceof UserError)) throw error;
          // What the plain editor refuses, the manifest refuses too (or a block-scalar form).
          expect(() => {
            const chosen = chooseTargets(text, FILE, [], KEY)!;
            planManifestEdits(text, FILE, chosen, values, KEY);
          }).toThrow(UserError);
          return;
        }
        const chosen = chooseTargets(text, FILE, [], KEY)!;
        expect(chosen).toHaveLength(1);
        const plan = planManifestEdits(text, FILE, chosen, values, KEY);
        const docsBefore = parseAllDocuments(text);
        const valuesBefore = chartValues(docsBefore[target]!, chosen[0]!.target);
        if (isDeepStrictEqual(valuesBefore, parse(plain))) {
          expect(plan.values[0]).toEqual(expected);
        } else {
          // A kept (|+) block scalar at the end takes the embedding's trailing line breaks: the
          // plain file is not quite the same values, so compare with the values the file had.
          const block = { ...((valuesBefore as Record<string, object>).staticExport ?? {}) };
          Object.assign(block, { enabled: true, bundleUrl: values.bundleUrl });
          if (values.version === undefined) delete (block as { version?: string }).version;
          else Object.assign(block, { version: values.version });
          expect(plan.values[0]).toEqual({ ...(valuesBefore as object), staticExport: block });
        }
        const before = parseAllDocuments(text);
        const after = parseAllDocuments(plan.text);
        expect(after).toHaveLength(before.length);
        // Every byte before the edited document, and from the next document's start on.
        expect(plan.text.slice(0, after[target]!.range[0])).toBe(
          text.slice(0, before[target]!.range[0]),
        );
        const next = (docs: typeof before, all: string) =>
          docs[target + 1] ? all.slice(docs[target + 1]!.range[0]) : '';
        expect(next(after, plan.text)).toBe(next(before, text));
        expect(plan.text).not.toMatch(/^staticExport:/m);
        if (text.includes('kind: Application')) sameLinesAround(text, plan.text);
      }),
      { numRuns: 60 },
    );
  });
});
