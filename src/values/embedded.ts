/**
 * Values written as YAML inside a string (Argo CD `helm.values: |`, a ConfigMap's `values.yaml`):
 * the string is edited with the same in-place editor as a values file, then written back as the
 * same literal block scalar, with its header (chomping, indentation indicator, comment) and its
 * indentation. Folded, quoted and plain strings are refused: their line folding would change
 * the YAML inside them.
 */
import { isScalar, Scalar, type Node as YamlNode } from 'yaml';
import { InvalidYaml } from './check.js';
import { planValuesEdit } from './edit.js';
import { fileError, type EditPlan, type KeyPath, type StaticExportValues } from './file.js';
import { lineOf } from './path.js';
import { columnOf, commonEnds, type Splice } from './source.js';

export interface StringEdit {
  /** The edit of the string's own text. */
  inner: EditPlan;
  /** The string's new value, as the file will read it back. */
  value: string;
  /** The splice of the file's text (undefined when nothing changes). */
  splice: Splice | undefined;
}

/**
 * Plans the edit of the values inside the string `node` (of `doc`, at `where` for messages).
 * `display` names the file and the document.
 */
export function planStringEdit(
  text: string,
  node: YamlNode | undefined,
  values: StaticExportValues,
  display: string,
  where: string,
  at: KeyPath,
): StringEdit {
  const scalar = requireLiteral(text, node, display, where);
  const current = scalar.value as string;
  const inner = editInside(text, scalar, current, values, display, where, at);
  if (!inner.changed) return { inner, value: current, splice: undefined };
  const header = headerOf(text, scalar);
  const [, end] = scalar.range!;
  const raw = text.slice(header.end, end);
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const indent = contentIndent(text, scalar, current);
  const kept = keepLines(raw, current, inner.text, indent, header.chomping, eol);
  if (kept)
    return { inner, value: kept.value, splice: { start: header.end, end, text: kept.body } };
  const value = chomp(inner.text, header.chomping);
  const lines = (value.endsWith('\n') ? value.slice(0, -1) : value).split('\n');
  const pad = ' '.repeat(indent);
  let body = lines.map((line) => (line === '' ? '' : `${pad}${line}`)).join(eol);
  if (raw.endsWith('\n')) body += eol;
  return { inner, value, splice: { start: header.end, end, text: body } };
}

/**
 * The edit of the string's text. YAML broken inside it is said with both positions, the
 * string's and the file's (what an editor opens), and what to fix: the string, not the file as a
 * whole (deleting a manifest to start a new one is no advice).
 */
function editInside(
  text: string,
  scalar: Scalar,
  current: string,
  values: StaticExportValues,
  display: string,
  where: string,
  at: KeyPath,
): EditPlan {
  try {
    return planValuesEdit(current, values, `${display} ${where}`, at);
  } catch (error) {
    if (!(error instanceof InvalidYaml)) throw error;
    const line = lineOf(text, headerOf(text, scalar).end) + error.line - 1;
    const col = error.col + contentIndent(text, scalar, current);
    const file = display.replace(/ \([^)]*\)$/, '');
    throw fileError(
      `${display} ${where}`,
      `is not valid YAML at line ${error.line}, column ${error.col} of the string, line ${line} of the file (${file}:${line}:${col}): ${error.reason}`,
      `Fix the YAML inside ${where}.`,
    );
  }
}

/**
 * The scalar's new source with every line outside the edited range as it was, byte for byte
 * (a blank line's spaces, tabs, trailing spaces, CR): the lines the inner edit left alone at the
 * start and the end are taken from the source, only the lines between are indented anew, and
 * the line breaks after the last content line stay (a kept `|+` string keeps its own; one that
 * ends the file may have none). Undefined when the source's lines do not read as the value's
 * (then the whole string is re-indented; the edit is still read back and checked).
 */
function keepLines(
  raw: string,
  current: string,
  next: string,
  indent: number,
  chomping: string,
  eol: string,
): { body: string; value: string } | undefined {
  const body = (value: string) => value.replace(/\n+$/, '');
  const before = body(current);
  const after = body(next);
  if (before === '' || after === '') return undefined;
  const old = before.split('\n');
  const now = after.split('\n');
  const source = raw.split('\n');
  // A string that ends the file may have no line break after its last line.
  const atEnd = !raw.endsWith('\n');
  if (source.length < old.length + (atEnd ? 0 : 1)) return undefined;
  const pad = ' '.repeat(indent);
  const reads = (line: string) => {
    const bare = line.endsWith('\r') ? line.slice(0, -1) : line;
    if (/^ *$/.test(bare) && bare.length <= indent) return '';
    return bare.startsWith(pad) ? bare.slice(indent) : undefined;
  };
  if (!old.every((line, i) => reads(source[i]!) === line)) return undefined;
  const { head, tail } = commonEnds(old, now);
  const cr = eol === '\r\n' ? '\r' : '';
  const changed = now
    .slice(head, now.length - tail)
    .map((line) => (line === '' ? cr : `${pad}${line}${cr}`));
  // The file's last line has no line break, so no CR either.
  if (atEnd && tail === 0 && changed.length > 0 && !source.at(-1)!.endsWith('\r'))
    changed[changed.length - 1] = changed.at(-1)!.replace(/\r$/, '');
  const lines = [...source.slice(0, head), ...changed, ...source.slice(old.length - tail)];
  // The line breaks after the content are the source's: a kept string keeps its own.
  const trailing = current.slice(before.length);
  // At the end of the file too (no line break after the last line), the yaml library reads a
  // clipped or kept string with its final line break, as it reads this one back.
  const value = chomping === '+' ? after + trailing : chomp(`${after}\n`, chomping);
  return { body: lines.join('\n'), value };
}

function requireLiteral(
  text: string,
  node: YamlNode | undefined,
  display: string,
  where: string,
): Scalar {
  const line = lineOf(text, node?.range?.[0] ?? 0);
  if (!isScalar(node) || typeof node.value !== 'string' || !node.range)
    throw fileError(
      display,
      `has ${where} at line ${line} that is not a string of YAML`,
      `Write the chart values there as a literal block ("${where.split('.').pop()}: |" with the values indented below).`,
    );
  if (node.type !== Scalar.BLOCK_LITERAL) {
    const style =
      node.type === Scalar.BLOCK_FOLDED
        ? 'a folded block (>)'
        : node.type === Scalar.PLAIN
          ? 'a plain string'
          : 'a quoted string';
    throw fileError(
      display,
      `has ${where} at line ${line} written as ${style}, which this action does not rewrite (its line folding and escapes would change the YAML inside)`,
      `Write it as a literal block ("|" with the values indented below), or move the values to a mapping (valuesObject, spec.values).`,
    );
  }
  return node;
}

/** The header line of a block scalar (`|`, `|-`, `|2+  # comment`): its chomping, and where its
 * content starts (just past its line break). */
function headerOf(text: string, node: Scalar): { chomping: string; end: number } {
  const start = node.range![0];
  const nl = text.indexOf('\n', start);
  const header = text.slice(start, nl === -1 ? text.length : nl);
  const chomping = /^\|[1-9]?([+-]?)/.exec(header)?.[1] ?? '';
  return { chomping, end: nl === -1 ? text.length : nl + 1 };
}

/** The value as the scalar's chomping reads it back: `-` strips the final line breaks, `+` keeps
 * them all, clip keeps one. */
function chomp(value: string, chomping: string): string {
  if (chomping === '+') return value;
  const stripped = value.replace(/\n+$/, '');
  return chomping === '-' || stripped === '' ? stripped : `${stripped}\n`;
}

/** The content's indentation: the first content line's spaces beyond those of its value. */
function contentIndent(text: string, node: Scalar, value: string): number {
  const start = node.range![0];
  const nl = text.indexOf('\n', start);
  const raw = text.slice(nl + 1, node.range![1]).split('\n');
  const firstRaw = raw.find((line) => line.trim() !== '');
  const firstValue = value.split('\n').find((line) => line.trim() !== '');
  if (firstRaw !== undefined && firstValue !== undefined) {
    const spaces = (s: string) => /^ */.exec(s)![0].length;
    return spaces(firstRaw) - spaces(firstValue);
  }
  // An empty string: one step deeper than its key.
  return columnOf(text, node) === 0 ? 2 : Math.max(2, lineIndent(text, start) + 2);
}

function lineIndent(text: string, offset: number): number {
  const from = text.lastIndexOf('\n', offset - 1) + 1;
  return /^ */.exec(text.slice(from))![0].length;
}
