/** How characters are shown in messages: visibly, briefly, never as something a log would act on. */

/**
 * The characters a message or a prompt shows by their code point rather than passes on: controls
 * (Cc), invisible formatting characters (Cf: bidi overrides, zero-width, tags) and the Unicode
 * line and paragraph separators. A character class body, for the places that add to it.
 */
export const UNSEEN_CLASS = String.raw`\p{Cc}\p{Cf}\u2028\u2029`;
const UNSEEN = new RegExp(`[${UNSEEN_CLASS}]`, 'gu');

/**
 * `U+200B`: the one way a character is named by its code point (at least four hex digits, upper
 * case). Messages name a refused character so, the diff context escapes one as `<U+200B>`, the
 * visible-text rule names what it removed so, and `printable` writes it as an escape (`\u200b`).
 */
export function codePoint(char: string): string {
  return `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * Shows control and invisible characters visibly in messages (as a JSON-style escape, `\u001b`,
 * from their code point), and keeps them short.
 */
export function printable(text: string): string {
  const shown = text.replace(UNSEEN, (c) => `\\u${codePoint(c).slice(2).toLowerCase()}`);
  return shown.length > 80 ? `${shown.slice(0, 80)}…` : shown;
}

/** `1.5 MiB`: sizes in logs and summaries. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value >= 100 ? 0 : 1)} ${units[unit]}`;
}

/** `a`, `a and b`, `a, b and c`: names in a sentence. */
export function listing(names: readonly string[]): string {
  return names.length <= 1
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** `values.yaml was`, `a.yaml and b.yaml were`: the files a message says something about. */
export function filesWere(names: readonly string[]): string {
  return `${listing(names)} ${names.length === 1 ? 'was' : 'were'}`;
}

/**
 * The name among `names` closest to a mistyped one, if it is close enough to be what was meant
 * (an option of the command line, a folder of a values-file path).
 */
export function nearest(typed: string, names: readonly string[]): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const name of names) {
    const distance = editDistance(typed, name);
    if (!best || distance < best.distance) best = { name, distance };
  }
  return best && best.distance <= Math.max(2, Math.floor(typed.length / 4)) ? best.name : undefined;
}

/** Levenshtein's distance: the fewest one-character insertions, deletions and substitutions. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution);
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** `text` matched literally inside a regular expression (RegExp.escape, where Node has it). */
export function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
}
