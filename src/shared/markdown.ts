/** Markdown for job summaries and comments: one escape for table cells, one table shape. */

/** A table cell: `|` would end the cell and a line break the row. */
export function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

/** A two-column table without a header row (label, value), as the job summaries show. */
export function table(rows: [string, string][]): string {
  return ['| | |', '|---|---|', ...rows.map(([k, v]) => `| ${k} | ${escapeCell(v)} |`)].join('\n');
}
