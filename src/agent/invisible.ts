/**
 * Which characters of a text render invisible and carry no meaning, by their Unicode properties
 * and, for emoji sequences, by grapheme segmentation (Intl.Segmenter): a family emoji or England's
 * flag keeps its joiners and tags, a Persian or Indic word its joiners, while the same characters
 * elsewhere, which hide text, go (see visible.ts, which applies this to a comment).
 */
import { codePoint } from '../shared/text.js';

/** Characters that render as nothing: format (Cf) and default-ignorable code points. */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/u;
/**
 * Prepended concatenation marks are format characters that are shown (the Arabic number sign and
 * its kin span the digits after them): Unicode's Prepended_Concatenation_Mark property.
 */
const SHOWN_FORMAT = /[\u0600-\u0605\u06DD\u070F\u0890\u0891\u08E2\u{110BD}\u{110CD}]/u;
/** A letter or mark of a script whose words need ZWJ or ZWNJ to be written correctly. */
const JOINING_SCRIPT =
  /^(?=[\p{L}\p{M}])[\p{scx=Arab}\p{scx=Syrc}\p{scx=Nkoo}\p{scx=Mong}\p{scx=Deva}\p{scx=Beng}\p{scx=Guru}\p{scx=Gujr}\p{scx=Orya}\p{scx=Taml}\p{scx=Telu}\p{scx=Knda}\p{scx=Mlym}\p{scx=Sinh}\p{scx=Khmr}\p{scx=Mymr}\p{scx=Tibt}]$/u;
const ZWNJ = 0x200c;
const ZWJ = 0x200d;
const WAVING_BLACK_FLAG = 0x1f3f4;
const CANCEL_TAG = 0xe007f;
/** A flag's tag sequence spells a CLDR subdivision (`gbeng`): at most 7 letters or digits. */
const MAX_FLAG_TAGS = 7;

const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** The UTF-16 offsets of the characters in `text` that render invisible and carry no meaning. */
export function invisibleAt(text: string): Set<number> {
  const gone = new Set<number>();
  const kept = flagTags(text);
  for (const { segment, index } of segmenter.segment(text)) {
    const cps = [...segment];
    let offset = index;
    cps.forEach((char, k) => {
      const at = offset;
      offset += char.length;
      const cp = char.codePointAt(0)!;
      if (!INVISIBLE.test(char) || SHOWN_FORMAT.test(char) || kept.has(at)) return;
      if (cp === ZWJ && /\p{Extended_Pictographic}/u.test(cps[k + 1] ?? '')) return; // in an emoji
      const before = charBefore(text, at);
      const after = String.fromCodePoint(text.codePointAt(offset) ?? 0);
      // After a letter or virama of such a script, mid-word or at its end (a Malayalam chillu,
      // an eyelash reph); never doubled or before another invisible character.
      if ((cp === ZWJ || cp === ZWNJ) && JOINING_SCRIPT.test(before) && !INVISIBLE.test(after))
        return;
      if (/\p{Variation_Selector}/u.test(char) && takesVariation(before, cp)) return;
      gone.add(at);
    });
  }
  return gone;
}

function charBefore(text: string, at: number): string {
  if (at === 0) return '';
  const low = text.charCodeAt(at - 1);
  const start = low >= 0xdc00 && low <= 0xdfff && at >= 2 ? at - 2 : at - 1;
  return String.fromCodePoint(text.codePointAt(start)!);
}

/** Whether a variation selector right after `base` selects one of its shapes (one per base). */
function takesVariation(base: string, selector: number): boolean {
  if (base === '' || /\p{Variation_Selector}/u.test(base)) return false;
  if (selector === 0xfe0e || selector === 0xfe0f) return /\p{Emoji}/u.test(base);
  if (selector >= 0xe0100) return /\p{Ideographic}/u.test(base);
  if (selector >= 0xfe00) return /[\p{L}\p{N}\p{S}\p{P}]/u.test(base);
  return /\p{scx=Mong}/u.test(base);
}

/**
 * The offsets of tag characters that spell a flag: 🏴, up to 7 tag letters or digits, the cancel
 * tag (England's flag is 🏴 + `gbeng` + cancel). Tag characters anywhere else spell hidden text.
 */
function flagTags(text: string): Set<number> {
  const kept = new Set<number>();
  let at = text.indexOf(String.fromCodePoint(WAVING_BLACK_FLAG));
  while (at !== -1) {
    const tags: number[] = [];
    let i = at + 2;
    for (;;) {
      const cp = text.codePointAt(i);
      if (cp === undefined) break;
      const spec = (cp >= 0xe0030 && cp <= 0xe0039) || (cp >= 0xe0061 && cp <= 0xe007a);
      if (cp === CANCEL_TAG && tags.length > 0 && tags.length <= MAX_FLAG_TAGS) {
        for (const t of [...tags, i]) kept.add(t);
        break;
      }
      if (!spec) break;
      tags.push(i);
      i += 2;
    }
    at = text.indexOf(String.fromCodePoint(WAVING_BLACK_FLAG), at + 2);
  }
  return kept;
}

/**
 * How a removed invisible character is named in a message: its code point (`U+200B`); tag
 * characters, which come in runs that spell text, all as `tag characters`.
 */
export function invisibleName(char: string): string {
  return /[\u{E0000}-\u{E007F}]/u.test(char) ? 'tag characters' : codePoint(char);
}

/**
 * A plain text (not Markdown: the prompt input) less its invisible characters, by the rule a
 * comment's text follows (`invisibleAt`), and the names of those removed, each once.
 */
export function withoutInvisible(text: string): {
  text: string;
  /** How many characters were removed. */
  count: number;
  removed: string[];
} {
  const gone = invisibleAt(text);
  if (gone.size === 0) return { text, count: 0, removed: [] };
  let kept = '';
  const removed = new Set<string>();
  for (let at = 0; at < text.length;) {
    const char = String.fromCodePoint(text.codePointAt(at)!);
    if (gone.has(at)) removed.add(invisibleName(char));
    else kept += char;
    at += char.length;
  }
  return { text: kept, count: gone.size, removed: [...removed] };
}
