/**
 * Markdown for job summaries and comments: one escape for table cells, one table shape, and code
 * that text from elsewhere cannot break out of.
 */

/** A table cell: `|` would end the cell and a line break the row. */
export function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
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

/**
 * The shapes of the commands this action's own messages quote for a user to run (the fixes of
 * helm/credentials.ts and helm/fetch.ts: `helm repo add`, `helm registry login`, the password
 * piped from an environment variable). Only those are lifted into a block to copy: a message may
 * also hold the service's or helm's words, which are data, and a command they quote stays in its
 * line as inline code, never offered with a copy button.
 */
const COMMAND =
  /^(?:echo "\$[A-Z][A-Z0-9_]*" \| )?helm (?:repo add|registry login)(?: (?:"\$[A-Z][A-Z0-9_]*"|[^\s`|;&$"'\\]+))+$/;

/** The commands a message quotes (between backticks) in one of this action's fix shapes. */
export function quotedCommands(text: string): string[] {
  return [...text.matchAll(/`([^`\n]+)`/g)]
    .map((m) => m[1]!.trim())
    .filter((span) => COMMAND.test(span));
}

/**
 * One line of text from elsewhere for a summary (escapeText's rules), with each command it quotes
 * between backticks moved below it as a code block to copy ("the command below" in its place),
 * and any other quoted span shown as inline code. `indent` places the blocks under a list item
 * (two spaces) so they stay inside it.
 */
export function textWithCommands(text: string, indent = ''): string {
  const commands: string[] = [];
  const shown = text
    .split(/(`[^`\n]+`)/)
    .map((part, i) => {
      if (i % 2 === 0) return escapeText(part);
      const span = part.slice(1, -1).trim();
      if (!COMMAND.test(span)) return inlineCode(span);
      commands.push(span);
      return commands.length > 1 ? `the command below (${commands.length})` : 'the command below';
    })
    .join('')
    // Within a list item a line break would end the item: GitHub's <br> keeps it one.
    .replace(/\r?\n/g, '<br>');
  if (commands.length === 0) return shown;
  const blocks = commands.map((command) =>
    codeBlock(command, 'sh')
      .split('\n')
      .map((line) => `${indent}${line}`)
      .join('\n'),
  );
  return `${shown}\n\n${blocks.join('\n\n')}\n`;
}
