/**
 * What a reader of a rendered comment sees, as the Markdown source to send: a comment's text less
 * what GitHub renders invisible. Which parts of the text are markup that is never shown is decided
 * by a GitHub-flavoured Markdown parser (micromark with its GFM extension; inside raw HTML, its
 * CommonMark raw-HTML construct), so a `<!-- -->` inside a code span stays (it is shown) while one
 * in the text goes. Characters are judged (invisible.ts) by their Unicode properties and, for emoji sequences,
 * by grapheme segmentation (Intl.Segmenter), so a family emoji or England's flag keeps its joiners
 * and tags while the same characters elsewhere, which hide text, are removed.
 *
 * What is removed: HTML comments (also unclosed ones, which hide everything after them), and the
 * other HTML constructs a browser turns into comments (`<?…>`, `<!…>`, `<![CDATA[…]]>`); link
 * reference definitions that no link uses (`[//]: # (…)`, the usual Markdown comment) and
 * footnotes no text calls (GitHub renders neither); the text after a code fence's language (never
 * shown); format and default-ignorable characters (zero-width, bidi controls, tag characters,
 * stray variation selectors), also when written as an entity (`&#x200B;`). Kept: everything
 * shown, the joiners of emoji sequences and of scripts that need them (Persian ZWNJ, the Indic
 * half forms), a variation selector on a base that takes it, the tag letters of a flag.
 */
import { parse, postprocess, preprocess } from 'micromark';
import { gfm } from 'micromark-extension-gfm';
import { decodeString } from 'micromark-util-decode-string';
import { normalizeIdentifier } from 'micromark-util-normalize-identifier';
import type { Event, Token } from 'micromark-util-types';
import { listing } from '../shared/text.js';
import { invisibleAt, invisibleName } from './invisible.js';

/** The kinds of hidden text, as the reply counts them. */
export type HiddenKind =
  | 'html-comment'
  | 'unclosed-html-comment'
  | 'unused-definition'
  | 'uncalled-footnote'
  | 'fence-meta'
  | 'character';

/** One hidden part of the source: `[start, end)` in UTF-16 code units. */
export interface Hidden {
  kind: HiddenKind;
  start: number;
  end: number;
}

export interface Visible {
  /** The source less its hidden parts: what a reader sees, as Markdown. */
  text: string;
  /** What was removed, in source order. */
  hidden: Hidden[];
  /** How many characters of the source were removed. */
  removedChars: number;
}

/** The visible text of a comment's Markdown, and what was removed from it. */
export function visibleText(markdown: string): Visible {
  const events = postprocess(
    parse({ extensions: [gfm()] })
      .document()
      .write(preprocess()(markdown, undefined, true)),
  );
  const constructs = hiddenConstructs(markdown, events);
  const characters = hiddenCharacters(markdown, constructs, references(events));
  const hidden = [...constructs, ...characters].sort((a, b) => a.start - b.start);
  let text = '';
  let at = 0;
  let removedChars = 0;
  for (const part of hidden) {
    // Parts never overlap: characters are only looked for outside the constructs.
    const end = wholeLines(markdown, part);
    text += markdown.slice(at, part.start);
    removedChars += end - part.start;
    at = end;
  }
  text += markdown.slice(at);
  return { text, hidden, removedChars };
}

/** A block removed whole takes its line ending along, so no blank line is left in its place. */
function wholeLines(source: string, part: Hidden): number {
  if (part.kind === 'character') return part.end;
  const startsLine = part.start === 0 || source[part.start - 1] === '\n';
  if (!startsLine) return part.end;
  if (source.startsWith('\r\n', part.end)) return part.end + 2;
  if (source[part.end] === '\n' || source[part.end] === '\r') return part.end + 1;
  return part.end;
}

/** The parts of the source that are markup never shown, found by the parser. */
function hiddenConstructs(source: string, events: Event[]): Hidden[] {
  const { definitions, footnoteCalls, linkIds } = labels(source, events);
  const hidden: Hidden[] = [];
  for (const [kind, token] of events) {
    if (kind !== 'enter') continue;
    const { type } = token;
    if (type === 'htmlFlow' || type === 'htmlText') hidden.push(...htmlHidden(source, token));
    else if (type === 'codeFencedFenceMeta') hidden.push({ kind: 'fence-meta', ...span(token) });
  }
  for (const { id, token, footnote } of definitions) {
    const used = footnote ? footnoteCalls.has(id) : linkIds.has(id);
    if (!used)
      hidden.push({ kind: footnote ? 'uncalled-footnote' : 'unused-definition', ...span(token) });
  }
  return merged(hidden);
}

function span(token: Token): { start: number; end: number } {
  return { start: token.start.offset, end: token.end.offset };
}

/** The definitions and footnotes of the text, and the labels its links and footnote calls use. */
function labels(source: string, events: Event[]) {
  const definitions: { id: string; token: Token; footnote: boolean }[] = [];
  const footnoteCalls = new Set<string>();
  const linkIds = new Set<string>();
  const slice = (token: Token) =>
    normalizeIdentifier(source.slice(token.start.offset, token.end.offset));
  // Links being read, innermost last: the label's text, and the reference's when it has one.
  const links: { label?: string; reference?: string; resource: boolean }[] = [];
  let definition: Token | undefined;
  for (const [kind, token] of events) {
    const { type } = token;
    if (kind === 'enter') {
      if (type === 'definition' || type === 'gfmFootnoteDefinition') definition = token;
      else if (type === 'definitionLabelString' || type === 'gfmFootnoteDefinitionLabelString')
        definitions.push({
          id: slice(token),
          token: definition!,
          footnote: type === 'gfmFootnoteDefinitionLabelString',
        });
      else if (type === 'gfmFootnoteCallString') footnoteCalls.add(slice(token));
      else if (type === 'link' || type === 'image') links.push({ resource: false });
      else if (type === 'labelText' && links.length) links.at(-1)!.label ??= slice(token);
      else if (type === 'referenceString' && links.length) links.at(-1)!.reference = slice(token);
      else if (type === 'resource' && links.length) links.at(-1)!.resource = true;
    } else if ((type === 'link' || type === 'image') && links.length) {
      // `[text][id]` uses id, `[id][]` and `[id]` use their text; `[text](url)` uses none.
      const link = links.pop()!;
      const id = link.reference || link.label;
      if (!link.resource && id !== undefined) linkIds.add(id);
    }
  }
  return { definitions, footnoteCalls, linkIds };
}

/**
 * Raw HTML is read again as CommonMark's inline raw HTML, which is what it is inside a paragraph
 * and, in an HTML block, the HTML a browser parses: tags (with their quoted attributes) and
 * comments. Markdown's own inline constructs are off there, as a block's HTML is not Markdown.
 */
const RAW_HTML = parse({
  extensions: [
    { disable: { null: ['codeText', 'characterEscape', 'autolink', 'hardBreakEscape'] } },
  ],
});

/**
 * The comments in raw HTML (a block, or an inline tag in a paragraph): what a browser parses as a
 * comment is never shown. In a block, a comment left open (`<!--`) hides everything after it, to
 * the end of the text; a `<?` or `<!` that CommonMark does not close is a bogus comment to the
 * next `>`. In a paragraph these are shown as text, so only whole constructs count there.
 */
function htmlHidden(source: string, token: Token): Hidden[] {
  const { start, end } = span(token);
  const html = source.slice(start, end);
  const hidden: Hidden[] = [];
  let gap = 0;
  const inGap = (upTo: number) => {
    if (token.type !== 'htmlFlow') return;
    const at = html.slice(gap, upTo).search(/<[!?]/);
    if (at === -1) return;
    const from = start + gap + at;
    const close = html.indexOf('>', gap + at);
    if (html.startsWith('<!--', gap + at) || close === -1)
      hidden.push({ kind: 'unclosed-html-comment', start: from, end: source.length });
    else hidden.push({ kind: 'html-comment', start: from, end: start + close + 1 });
  };
  // As one line: inline content has no blank lines, and raw HTML's line breaks are white space.
  const line = html.replace(/\r|\n/g, ' ');
  const events = postprocess(RAW_HTML.text().write(preprocess()(line, undefined, true)));
  for (const [kind, part] of events) {
    if (kind !== 'enter' || part.type !== 'htmlText') continue;
    const { start: from, end: to } = span(part);
    inGap(from);
    gap = to;
    // `<!--…-->`, `<?…?>`, `<!DOCTYPE…>`, `<![CDATA[…]]>`: a browser makes comments of them all.
    if (html[from + 1] === '!' || html[from + 1] === '?')
      hidden.push({ kind: 'html-comment', start: start + from, end: start + to });
  }
  inGap(html.length);
  return hidden;
}

/** Sorted and without overlaps: an unclosed comment swallows whatever follows it. */
function merged(parts: Hidden[]): Hidden[] {
  const sorted = [...parts].sort((a, b) => a.start - b.start || b.end - a.end);
  const out: Hidden[] = [];
  for (const part of sorted) {
    const last = out.at(-1);
    if (last && part.start < last.end) {
      if (part.end > last.end) last.end = part.end;
    } else out.push({ ...part });
  }
  return out;
}

/** The character references outside code, by start offset: the characters they stand for. */
function references(events: Event[]): Map<number, { end: number }> {
  const refs = new Map<number, { end: number }>();
  for (const [kind, token] of events) {
    if (kind === 'enter' && token.type === 'characterReference')
      refs.set(token.start.offset, { end: token.end.offset });
  }
  return refs;
}

/** One shown unit of the text: a character, or a character reference standing for one. */
interface Unit {
  start: number;
  end: number;
  /** What it shows: the character, or what the reference decodes to. */
  chars: string;
}

/** The invisible characters (written as such or as references) outside the hidden constructs. */
function hiddenCharacters(
  source: string,
  constructs: Hidden[],
  refs: Map<number, { end: number }>,
): Hidden[] {
  const units: Unit[] = [];
  let next = 0;
  for (const part of [...constructs, { start: source.length, end: source.length }]) {
    let at = next;
    while (at < part.start) {
      const ref = refs.get(at);
      const end = ref ? ref.end : at + (source.codePointAt(at)! > 0xffff ? 2 : 1);
      const raw = source.slice(at, end);
      units.push({ start: at, end, chars: ref ? decodeString(raw) : raw });
      at = end;
    }
    next = Math.max(next, part.end);
  }
  const shown = units.map((u) => u.chars).join('');
  const gone = invisibleAt(shown);
  const hidden: Hidden[] = [];
  let offset = 0;
  for (const unit of units) {
    const from = offset;
    offset += unit.chars.length;
    let all = unit.chars.length > 0;
    for (let i = from; i < offset; i++)
      if (!gone.has(i) && !isLowSurrogateAt(shown, i)) all = false;
    if (all) hidden.push({ kind: 'character', start: unit.start, end: unit.end });
  }
  return hidden;
}

function isLowSurrogateAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  return c >= 0xdc00 && c <= 0xdfff && i > 0 && text.codePointAt(i - 1)! > 0xffff;
}

const KIND_NAMES: Record<HiddenKind, [string, string]> = {
  'html-comment': ['HTML comment', 'HTML comments'],
  'unclosed-html-comment': [
    'unclosed HTML comment (it hides everything after it)',
    'unclosed HTML comments',
  ],
  'unused-definition': [
    'link reference definition no link uses (a Markdown comment)',
    'link reference definitions no link uses (Markdown comments)',
  ],
  'uncalled-footnote': ['footnote no text calls', 'footnotes no text calls'],
  'fence-meta': ["code fence's text after its language", "code fences' texts after their language"],
  character: ['invisible character', 'invisible characters'],
};

/**
 * `1 HTML comment and 3 invisible characters (U+200B, U+202E)`: what was removed, for the reply
 * and the log; empty when nothing was. Names the code points, never the hidden text itself.
 */
export function describeHidden(visible: Visible, source: string): string {
  const counts = new Map<HiddenKind, number>();
  for (const part of visible.hidden) counts.set(part.kind, (counts.get(part.kind) ?? 0) + 1);
  const chars = new Set<string>();
  for (const part of visible.hidden)
    if (part.kind === 'character') {
      const raw = source.slice(part.start, part.end);
      const char = raw.startsWith('&') ? decodeString(raw) : raw;
      chars.add(invisibleName(char));
    }
  const names = [...counts].map(([kind, n]) => {
    const [one, many] = KIND_NAMES[kind];
    const listed = [...chars];
    const which =
      kind === 'character'
        ? ` (${listed.slice(0, 5).join(', ')}${listed.length > 5 ? ', …' : ''})`
        : '';
    return `${n} ${n === 1 ? one : many}${which}`;
  });
  return listing(names);
}

/**
 * `38 characters (1 HTML comment)`: how much of a comment was hidden from its readers and
 * removed; undefined when nothing was.
 */
export function hiddenNote(visible: Visible, source: string): string | undefined {
  if (visible.hidden.length === 0) return undefined;
  const n = visible.removedChars;
  return `${n} ${n === 1 ? 'character' : 'characters'} (${describeHidden(visible, source)})`;
}

/** Why an instruction that was all hidden text is not sent. */
export function nothingShown(note: string): string {
  return `shows nothing a reader can see: all of it was hidden from readers of the comment and removed, ${note}`;
}
