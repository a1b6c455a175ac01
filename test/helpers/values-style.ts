/**
 * What the values edit must do with scalar styles, worked out by parsing only (never by the
 * stringifier the action uses): a replaced `bundleUrl` or `version` keeps its style (plain,
 * 'single' or "double" quoted) when that style reads back as the new value; otherwise, and for an
 * added key, it is quoted in the style the file uses most (double on a tie). Whatever the style,
 * YAML 1.1 (Helm's parser) and 1.2 both read the written value as the same string.
 */
import { expect } from 'vitest';
import { isMap, isScalar, parseDocument, Scalar, visit, type YAMLMap } from 'yaml';

const STRING_STYLES: unknown[] = [Scalar.PLAIN, Scalar.QUOTE_SINGLE, Scalar.QUOTE_DOUBLE];

function block(text: string, version?: '1.1'): YAMLMap | undefined {
  const doc = parseDocument(text, version ? { version } : {});
  const root = doc.contents;
  const value = isMap(root) ? root.get('staticExport', true) : undefined;
  return isMap(value) ? value : undefined;
}

/** The quote style the text uses most: single only when it has more single- than double-quoted. */
export function mostUsedQuote(text: string): string {
  let single = 0;
  let double = 0;
  visit(parseDocument(text), {
    Scalar(_, node) {
      if (node.type === Scalar.QUOTE_SINGLE) single++;
      if (node.type === Scalar.QUOTE_DOUBLE) double++;
    },
  });
  return single > double ? Scalar.QUOTE_SINGLE : Scalar.QUOTE_DOUBLE;
}

/** Does `written` (a scalar's text) read as the string `value`, in `style`, in YAML 1.1 and 1.2? */
export function readsAs(written: string, value: string, style: string, inFlow: boolean): boolean {
  const source = inFlow ? `{k: ${written}}` : `k: ${written}`;
  return (['1.1', '1.2'] as const).every((version) => {
    const doc = parseDocument(source, { version });
    const node: unknown = isMap(doc.contents) ? doc.contents.get('k', true) : undefined;
    return doc.errors.length === 0 && isScalar(node) && node.type === style && node.value === value;
  });
}

/** Can `value` be written in `style` on one line: plain as-is, single-quoted with '' for '? */
function fits(value: string, style: string, inFlow: boolean): boolean {
  // Go's parser (Helm's) refuses `?`, and a leading `:`, in plain text inside a flow collection
  // (shown by the Helm run in test/integration/helm.test.ts); the yaml library does not.
  if (style === Scalar.PLAIN && inFlow && /\?|^:/.test(value)) return false;
  if (style === Scalar.PLAIN) return readsAs(value, value, style, inFlow);
  if (style === Scalar.QUOTE_SINGLE)
    return readsAs(`'${value.replaceAll("'", "''")}'`, value, style, inFlow);
  return true;
}

/** The style `key`'s new value must have in the edited text, given the original text. */
export function expectedStyle(before: string, key: string, value: string, inFlow: boolean): string {
  const old: unknown = block(before)?.get(key, true);
  const majority = mostUsedQuote(before);
  const candidates =
    isScalar(old) && old.value !== null && STRING_STYLES.includes(old.type)
      ? [old.type!, majority]
      : [majority];
  return candidates.find((style) => fits(value, style, inFlow)) ?? Scalar.QUOTE_DOUBLE;
}

/**
 * Asserts the styles of `bundleUrl` and `version` after an edit of `before` into `after`, and
 * that YAML 1.1 reads them as the strings YAML 1.2 does.
 */
export function expectStylesKept(
  before: string,
  after: string,
  values: { bundleUrl: string; version: string | undefined },
): void {
  const now = block(after)!;
  const inFlow = now.flow === true;
  for (const key of ['bundleUrl', 'version'] as const) {
    const value = values[key];
    if (value === undefined) continue;
    const node = now.get(key, true) as Scalar;
    const want = expectedStyle(before, key, value, inFlow);
    expect(node.type, `${key} in\n${after}`).toBe(want);
    expect(block(after, '1.1')?.get(key), `${key} read by YAML 1.1`).toBe(value);
  }
}

/**
 * Strings that test where plain YAML stops: every indicator and punctuation character inside, at
 * the start and at the end of a word, and values YAML 1.1 or 1.2 read as another type.
 */
export const TRICKY_STRINGS: readonly string[] = [
  ...[...`?:!&*%@|>=~#-,[]{}'"\`^$()+;/\\<`].flatMap((c) => [
    `a${c}b`,
    `${c}a`,
    `a${c}`,
    `a ${c}b`,
    `a${c} b`,
  ]),
  ...['https://x/y?a=1&b=2#f', 'https://x/y:1', "it's", 'release 7', 'v2.1-rc'],
  ...['2026-11-22', '2026-11-22T10:00:00Z', '1.10', '10', '0x1F', '0o17', '017', '1:20', '1_000'],
  ...['.5', '+1', '0b11', '1e3', '.NaN', '.inf', 'yes', 'y', 'n', 'On', 'OFF', 'True', 'Null'],
  ...['~', '=', '<<', ''],
];
