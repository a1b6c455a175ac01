/**
 * The two globs Argo CD matches paths of a repository with. Go's `path.Match` (the git
 * generator's `directories`, valueFiles globs through `filepath.Glob`): `*` any run of characters
 * but `/`, `?` one such character, `[…]` a class (`[^…]` negated, ranges, `\` escapes). And the
 * pathspec of `git ls-files -- <pattern>`, which the repo server runs for the git generator's
 * `files` (its default; the doublestar globbing is opt-in): a pattern without wildcards names
 * that path or a folder of it, and with wildcards `*` and `?` match `/` too (git's wildmatch
 * without WM_PATHNAME), so `**` is any depth. A template expression (`{{.path.path}}`, filled in
 * by another generator of a matrix) stands for any text: what it will be is not known here.
 */
import { escapeRegExp } from '../shared/text.js';

/** Whether Go's path.Match(pattern, name) is true; a malformed pattern matches nothing. */
export function goPathMatch(pattern: string, name: string): boolean {
  return regexOf(pattern, false)?.test(name) ?? false;
}

/** Whether `git ls-files -- <pattern>` lists `path` (a file of the repository, from its top). */
export function gitPathspecMatch(pattern: string, path: string): boolean {
  const spec = pattern.replace(/^(\.\/)+/, '');
  if (!/[*?[]|\{\{/.test(spec)) {
    const dir = spec.replace(/\/+$/, '');
    return dir === '' || path === dir || path.startsWith(`${dir}/`);
  }
  return regexOf(spec, true)?.test(path) ?? false;
}

const TEMPLATE = /^\{\{.*?\}\}/;

/** The pattern as a RegExp (git's wildmatch, else Go's path.Match); undefined if malformed. */
function regexOf(pattern: string, git: boolean): RegExp | undefined {
  const one = git ? '.' : '[^/]';
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    const template = TEMPLATE.exec(pattern.slice(i));
    if (template) {
      out += '.*';
      i += template[0].length - 1;
    } else if (c === '*') out += `${one}*`;
    else if (c === '?') out += one;
    else if (c === '\\') {
      if (i + 1 >= pattern.length) return undefined;
      out += escapeRegExp(pattern[++i]!);
    } else if (c === '[') {
      const end = classEnd(pattern, i, git);
      if (end === undefined) return undefined;
      out += classOf(pattern.slice(i + 1, end), git);
      i = end;
    } else out += escapeRegExp(c);
  }
  return new RegExp(`^${out}$`, 's');
}

/** The index of the `]` closing the class opened at `start`. */
function classEnd(pattern: string, start: number, git: boolean): number | undefined {
  let i = start + 1;
  if (pattern[i] === '^' || (git && pattern[i] === '!')) i++;
  // A `]` right after the opening is a member in git's wildmatch; Go refuses it (ErrBadPattern).
  if (pattern[i] === ']') {
    if (!git) return undefined;
    i++;
  }
  for (; i < pattern.length; i++) {
    if (pattern[i] === '\\') i++;
    else if (pattern[i] === ']') return i;
  }
  return undefined;
}

/** A class body as a RegExp class; git also negates with `!`. */
function classOf(body: string, git: boolean): string {
  let negated = false;
  if (body.startsWith('^') || (git && body.startsWith('!'))) {
    negated = true;
    body = body.slice(1);
  }
  let members = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c === '\\' && i + 1 < body.length) members += escapeRegExp(body[++i]!);
    else if (c === '-' && members !== '' && i + 1 < body.length) members += '-';
    else members += escapeRegExp(c);
  }
  return `[${negated ? '^' : ''}${members}]`;
}
