/**
 * How a new string value is written: in the style of the scalar it replaces (plain, 'single' or
 * "double" quoted), else in the quote style the file uses most. The `yaml` library renders each
 * style and decides whether plain is safe, for YAML 1.2 and for YAML 1.1 too (`compat`): Helm
 * reads values files with a YAML 1.1 parser, where `yes`, `on`, `2026-11-22` or `1:20` are not
 * strings. Every rendering is parsed back, under both versions, before it is used.
 */
import { Document, isMap, isScalar, parseDocument, Scalar, visit, type YAMLMap } from 'yaml';

export type QuoteStyle = typeof Scalar.QUOTE_DOUBLE | typeof Scalar.QUOTE_SINGLE;
type StringStyle = QuoteStyle | typeof Scalar.PLAIN;

const STRING_STYLES: readonly unknown[] = [Scalar.PLAIN, Scalar.QUOTE_SINGLE, Scalar.QUOTE_DOUBLE];

/** Rendered on one line, never folded; safe for a YAML 1.1 reader as well. */
const RENDER = {
  lineWidth: 0,
  minContentWidth: 0,
  doubleQuotedMinMultiLineLength: Number.POSITIVE_INFINITY,
  flowCollectionPadding: false,
} as const;

/**
 * Line breaks for YAML 1.1 (and Go's parser, which Helm uses) but not for the `yaml` library,
 * which leaves them raw: only a double-quoted scalar can carry them, escaped.
 */
const YAML11_BREAKS = /[\u0085\u2028\u2029]/g;
const BREAK_ESCAPES: Record<string, string> = { '\u0085': '\\N', '\u2028': '\\L', '\u2029': '\\P' };

/**
 * Plain text Go's YAML parser (libyaml's scanner; Helm's) refuses inside a flow collection, where
 * the `yaml` library takes it: a `?` anywhere (`{v: a?b}`, so any link with a query), a leading
 * `:`. Found by running Helm on every rendering (test/integration/helm.test.ts).
 */
const FLOW_PLAIN_REFUSED_BY_GO = /\?|^:/;

/**
 * Plain text go-yaml reads as a number where both YAML versions the `yaml` library knows read a
 * string: it drops every `_`, then tries Go's ParseInt with base 0 (`0X1F`, `0O17`, `+0b1`) and
 * ParseFloat. Matched on the text without `_`; quoting more than needed costs nothing.
 */
const GO_NUMBER =
  /^[-+]?(0[xXoObB][0-9a-fA-F]+|[0-9]+(\.[0-9]*)?([eE][-+]?[0-9]+)?|\.[0-9]+([eE][-+]?[0-9]+)?)$/;

/**
 * Double quotes, unless the file has more single-quoted scalars than double-quoted ones. Worked
 * out once per document: the store's documents are shared and never changed, and a run plans the
 * same file twice (with the placeholder link, then the real one).
 */
const quotes = new WeakMap<Document, QuoteStyle>();
export function mostUsedQuote(doc: Document): QuoteStyle {
  let quote = quotes.get(doc);
  if (quote === undefined) quotes.set(doc, (quote = countQuotes(doc)));
  return quote;
}

function countQuotes(doc: Document): QuoteStyle {
  let single = 0;
  let double = 0;
  visit(doc, {
    Scalar(_, node) {
      if (node.type === Scalar.QUOTE_SINGLE) single++;
      else if (node.type === Scalar.QUOTE_DOUBLE) double++;
    },
  });
  return single > double ? Scalar.QUOTE_SINGLE : Scalar.QUOTE_DOUBLE;
}

/**
 * The text of `value` as a scalar in a block (or, `inFlow`, a flow) mapping: in the style of the
 * `replaced` scalar when that style can carry it, else quoted in `quote`, else double-quoted
 * (which carries any string). A null, an alias or a block scalar has no style to keep.
 */
export function writeString(
  value: string,
  where: { replaced?: unknown; quote: QuoteStyle; inFlow: boolean },
): string {
  const kept =
    isScalar(where.replaced) &&
    where.replaced.value !== null &&
    STRING_STYLES.includes(where.replaced.type)
      ? (where.replaced.type as StringStyle)
      : where.quote;
  for (const style of new Set([kept, where.quote, Scalar.QUOTE_DOUBLE] as StringStyle[])) {
    const text = render(value, style, where.inFlow);
    if (text !== undefined && readsBack(text, value, where.inFlow, style)) return text;
  }
  // The value is never quoted here: it may be the presigned link.
  throw new Error('no YAML form of the new value reads back as the same string');
}

/** `value` in `style`, on one line; undefined when the library would not write it so. */
function render(value: string, style: StringStyle, inFlow: boolean): string | undefined {
  const hasBreaks = value.search(YAML11_BREAKS) !== -1;
  if (hasBreaks && style !== Scalar.QUOTE_DOUBLE) return undefined;
  const doc = new Document({ k: value }, { compat: 'yaml-1.1' });
  (doc.get('k', true) as Scalar).type = style;
  (doc.contents as YAMLMap).flow = inFlow;
  const [prefix, suffix] = inFlow ? ['{k: ', '}\n'] : ['k: ', '\n'];
  const out = doc.toString(RENDER);
  const text = out.slice(prefix.length, -suffix.length);
  if (!out.startsWith(prefix) || !out.endsWith(suffix) || /[\r\n]/.test(text)) return undefined;
  return hasBreaks ? text.replace(YAML11_BREAKS, (c) => BREAK_ESCAPES[c]!) : text;
}

/**
 * True when `text`, written as a value in a block (or flow) mapping, reads as the string `value`
 * under YAML 1.2 and YAML 1.1 (and Go's parser), in `style` if one is given.
 */
export function readsBack(
  text: string,
  value: string,
  inFlow: boolean,
  style?: StringStyle,
): boolean {
  const source = inFlow ? `{k: ${text}}\n` : `k: ${text}\n`;
  return (['1.1', '1.2'] as const).every((version) => {
    const doc = parseDocument(source, { version, uniqueKeys: true });
    const node: unknown = isMap(doc.contents) ? doc.contents.get('k', true) : undefined;
    return (
      doc.errors.length === 0 &&
      isScalar(node) &&
      node.value === value &&
      (style === undefined || node.type === style) &&
      !(inFlow && node.type === Scalar.PLAIN && FLOW_PLAIN_REFUSED_BY_GO.test(value)) &&
      !(node.type === Scalar.PLAIN && GO_NUMBER.test(value.replace(/_/g, '')))
    );
  });
}
