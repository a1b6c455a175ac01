/**
 * The context of a comment on the diff, as the agent gets it: the file, the line or range, the
 * side (LEFT is the old text, RIGHT the new), whether the comment is outdated, and the hunk's last
 * lines. The file's name and the hunk are the pull request's text, which anyone who can push to it
 * wrote: they are quoted as data inside a fence no line of theirs can close, bounded in size, with
 * invisible characters shown as `<U+200B>` (escaped, not removed, so the agent sees that they are
 * there and where).
 */
import type { ReviewComment } from '../github/pull-request.js';
import { codeBlock } from '../shared/markdown.js';
import { codePoint, UNSEEN_CLASS } from '../shared/text.js';

/** The hunk lines quoted: the commented line is the hunk's last, the ones before lead up to it. */
export const HUNK_LINES = 6;
/** The longest quoted line, and the longest file name, in characters. */
export const MAX_LINE = 240;
/** The most the quoted context may take, fences included (the prompt has a limit of its own). */
export const MAX_CONTEXT = 2_000;

/**
 * Characters that show nothing or change how the text around them reads: those a message shows
 * by code point (UNSEEN_CLASS) but the line break and the tab, and default-ignorables too
 * (variation selectors, fillers), as a diff hunk is quoted whole.
 */
const INVISIBLE = new RegExp(
  String.raw`(?![\n\t])[${UNSEEN_CLASS}\p{Default_Ignorable_Code_Point}]`,
  'gu',
);

/** `<U+200B>` for each invisible character; the rest as it is. */
export function escapeInvisible(text: string): string {
  return text.replace(INVISIBLE, (c) => `<${codePoint(c)}>`);
}

/** At most `max` characters (code points), with `…` where it was cut. */
function bounded(text: string, max: number): string {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : text;
}

/** `LEFT (the old text)`, `RIGHT (the new text)`; REST and webhooks may differ in case. */
function sideOf(side: string | null): string | undefined {
  const upper = side?.toUpperCase();
  if (upper === 'LEFT') return 'LEFT (the old text)';
  if (upper === 'RIGHT') return 'RIGHT (the new text)';
  return undefined;
}

/** `line 15`, `lines 12..15`: a range when the comment starts on another line. */
function lines(start: number | null, end: number): string {
  return start !== null && start !== end ? `lines ${start}..${end}` : `line ${end}`;
}

/** Where the comment is: file, line or range, side, and whether it is outdated. */
export function whereOf(comment: ReviewComment): string[] {
  const file = `file: ${escapeInvisible(bounded(comment.path, MAX_LINE))}`;
  if (comment.subjectType === 'file') return [file, 'on the whole file (no line)'];
  const side = sideOf(comment.side);
  const sideLine = side ? [`side: ${side}`] : [];
  if (comment.line !== null)
    return [file, `${lines(comment.startLine, comment.line)}`, ...sideLine];
  if (comment.originalLine !== null)
    return [
      file,
      `${lines(comment.originalStartLine, comment.originalLine)} of an earlier version of the diff (outdated: the code there has changed since the comment)`,
      ...sideLine,
    ];
  return [file, 'line unknown (outdated)', ...sideLine];
}

/** The hunk's last lines, each bounded, invisible characters escaped; the total bounded too. */
function hunkTail(hunk: string): string[] {
  const all = hunk.replace(/\r\n?/g, '\n').split('\n');
  const tail = all.slice(-HUNK_LINES).map((l) => escapeInvisible(bounded(l, MAX_LINE)));
  const shown = all.length > HUNK_LINES ? [`(${all.length - HUNK_LINES} lines before)`] : [];
  return [...shown, ...tail];
}

/**
 * The context of a comment on the diff as one fenced block: where it is, then the hunk's last
 * lines. The fence is longer than any run of backticks inside, so the quoted text cannot end it.
 */
export function contextBlock(comment: ReviewComment): string {
  const where = whereOf(comment);
  const hunk =
    comment.subjectType === 'file' || !comment.diffHunk ? [] : hunkTail(comment.diffHunk);
  const body = [...where, ...(hunk.length ? ['hunk, ending at the commented line:', ...hunk] : [])];
  // Drop hunk lines from the top until the block fits (where it is always fits: it is bounded).
  let block = codeBlock(body.join('\n'));
  while (block.length > MAX_CONTEXT && body.length > where.length + 2) {
    body.splice(where.length + 1, 1);
    block = codeBlock(body.join('\n'));
  }
  return block;
}

/** One line for the reply: where the comment is (`quickstart.mdx` line 15, LEFT). */
export function whereShort(comment: ReviewComment): string {
  if (comment.subjectType === 'file') return 'the whole file';
  const line = comment.line ?? comment.originalLine;
  if (line === null) return 'an outdated line';
  const start = comment.line !== null ? comment.startLine : comment.originalStartLine;
  const side = comment.side?.toUpperCase() === 'LEFT' ? ', old text' : '';
  return `${lines(start, line)}${side}${comment.line === null ? ', outdated' : ''}`;
}
