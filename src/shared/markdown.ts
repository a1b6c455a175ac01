/**
 * Markdown for job summaries and comments: one escape for table cells, one table shape, and code
 * that text from elsewhere cannot break out of.
 */

/** A table cell: `|` would end the cell and a line break the row. */
export function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

/**
 * A two-column table (label, value), as the job summaries show: GitHub's tables need a header row,
 * so the first row is it (an empty one would show as a blank bar above the table).
 */
export function table(rows: [string, string][]): string {
  const line = ([k, v]: [string, string]) => `| ${k} | ${escapeCell(v)} |`;
  const [first, ...rest] = rows;
  return first ? [line(first), '|---|---|', ...rest.map(line)].join('\n') : '';
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
