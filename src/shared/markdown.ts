/**
 * Markdown for job summaries and comments: one escape for table cells, one table shape, and code
 * that text from elsewhere cannot break out of.
 */

/** A table cell: `|` would end the cell and a line break the row. */
export function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

/**
 * A two-column table (label, value), as pull-request comments show: the first row is GitHub's
 * header row. A job summary names its columns instead (factTable).
 */
export function table(rows: [string, string][]): string {
  const line = ([k, v]: [string, string]) => `| ${k} | ${escapeCell(v)} |`;
  const [first, ...rest] = rows;
  return first ? [line(first), '|---|---|', ...rest.map(line)].join('\n') : '';
}

/**
 * A two-column table whose header row names its columns (`header`), never a fact of the run:
 * GitHub renders the first row bold and centred. Cells are Markdown the caller made safe
 * (escapeText, inlineCode); only `|` and line breaks are escaped here.
 */
export function factTable(
  rows: [string, string][],
  header: [string, string] = ['What', 'This run'],
): string {
  const line = ([k, v]: [string, string]) => `| ${escapeCell(k)} | ${escapeCell(v)} |`;
  return rows.length > 0 ? [line(header), '|---|---|', ...rows.map(line)].join('\n') : '';
}

/**
 * Text from a file, an input, an error or the service, shown as it is in Markdown that GitHub
 * renders with its HTML: `<url>` would vanish as a tag and `*`, `_`, `[` would turn into markup,
 * so HTML's three are written as entities and the punctuation that starts markup inside a line is
 * backslash-escaped (`|` as an entity, which no table splits on); an
 * `@name` is split by an empty comment, so it is never a live mention.
 */
export function escapeText(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/([\\`*_[\]#~])/g, '\\$1')
    .replace(/\|/g, '&#124;')
    .replace(/@(?=\w)/g, '@<!-- -->');
}

/** The longest run of backticks in a text (0 when none). */
function longestBacktickRun(text: string): number {
  return Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
}

/**
 * A fenced code block holding `text` as it is: its fence is longer than any run of backticks in
 * the text, so no line of it can close the block early. Inside, GitHub renders no markup and
 * notifies no @-mention.
 */
export function codeBlock(text: string, info = 'text'): string {
  const fence = '`'.repeat(Math.max(3, longestBacktickRun(text) + 1));
  return `${fence}${info}\n${text.replace(/\r\n?/g, '\n')}\n${fence}`;
}

/**
 * One line of text as inline code, whatever backticks it holds (line breaks become spaces): for
 * ids, names and messages from elsewhere, which may carry markup or @-mentions.
 */
export function inlineCode(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const ticks = '`'.repeat(longestBacktickRun(flat) + 1);
  const pad = flat.startsWith('`') || flat.endsWith('`') ? ' ' : '';
  return `${ticks}${pad}${flat}${pad}${ticks}`;
}
