/**
 * Markdown for job summaries and comments: one escape for table cells, one table shape, and code
 * that text from elsewhere cannot break out of.
 */

/** A table cell: `|` would end the cell and a line break the row. */
export function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

/** A two-column table without a header row (label, value), as the job summaries show. */
export function table(rows: [string, string][]): string {
  return ['| | |', '|---|---|', ...rows.map(([k, v]) => `| ${k} | ${escapeCell(v)} |`)].join('\n');
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
