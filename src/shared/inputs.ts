/**
 * The input rules every front door shares (the root action, agent/, the command line): how an
 * input is declared, read, defaulted and checked. Each feature declares and parses its own inputs
 * next to its code (`api/inputs.ts` for the service's, `publish/inputs.ts`, `helm/inputs.ts`, …)
 * with these helpers. Nothing here imports a feature or @actions/*: an entry point passes a reader.
 */
import { isAbsolute, relative, resolve } from 'node:path';
import { SERVICE_ID_PATTERN } from './constants.js';
import { parseDuration } from './duration.js';
import { InputError } from './errors.js';
import { codePoint, printable } from './text.js';

/** One input as action.yml declares it; a test checks the two agree. */
export interface InputSpec {
  readonly name: string;
  /** action.yml's default. A blank value means the default too, unless `blankIsError`. */
  readonly default?: string;
  readonly required?: boolean;
  /**
   * A blank value is refused by the input's own check rather than replaced by the default (the
   * default is only what a runner fills in when the workflow leaves the input out).
   */
  readonly blankIsError?: boolean;
  /** Free text or a list: its own length limit, and whether formatting characters may appear. */
  readonly text?: { maxLength: number; formatting: boolean };
  /**
   * Only meaningful on a GitHub Actions run (it talks to GitHub about the run): the command line
   * (`src/entry/cli/`) offers no option for it.
   */
  readonly githubOnly?: boolean;
}

/** Returns the raw value of an input by name ('' when not set), e.g. `core.getInput`. */
export type InputReader = (name: string) => string;
/** Reads one declared input: checked for characters, blank replaced by its default. */
export type InputGetter = (spec: InputSpec) => string;

const MAX_INPUT_LENGTH = 2048;
export const MAX_DURATION_MS = 72 * 3_600_000;
export const MAX_POLL_INTERVAL_MS = 10 * 60_000;

/** Reads inputs through the checks every input gets, and fills in defaults for blank values. */
export function inputGetter(read: InputReader): InputGetter {
  return (spec) => {
    const value = read(spec.name) ?? '';
    checkCharacters(spec, value);
    if (value.trim() === '' && spec.default !== undefined && !spec.blankIsError)
      return spec.default;
    return value;
  };
}

/**
 * Refuses, for every input, what no value of it may hold: control characters other than line
 * breaks and tabs (which each input's own check handles), invisible formatting characters
 * (right-to-left overrides, zero-width spaces: a value that reads differently than it is), and
 * absurd lengths. Only free text that allows it (the prompt) may hold formatting characters (emoji,
 * right-to-left text). The value is never echoed: it may be a secret.
 */
export function checkCharacters(spec: InputSpec, raw: string): void {
  const found = characterProblem(spec, raw);
  if (found) throw new InputError(spec.name, found.problem, found.fix);
}

/** What a value of free text is refused for, and what to do: `checkCharacters` without the throw. */
export interface TextProblem {
  problem: string;
  fix: string;
}

/** The problem `checkCharacters` refuses a value for, if any (for texts that are not inputs). */
export function characterProblem(spec: InputSpec, raw: string): TextProblem | undefined {
  const { maxLength, formatting } = spec.text ?? { maxLength: MAX_INPUT_LENGTH, formatting: false };
  if (raw.length > maxLength) {
    return {
      problem: `is ${raw.length} characters long`,
      fix: `Give a value of at most ${maxLength} characters.`,
    };
  }
  const bad = formatting
    ? /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/u
    : /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\p{Cf}\u2028\u2029]/u;
  const match = bad.exec(raw);
  if (!match) return undefined;
  return {
    problem: `contains the invisible character ${codePoint(match[0])} at position ${match.index + 1}`,
    fix: 'Retype the value: control and formatting characters (zero-width spaces, right-to-left marks) often come along when text is pasted.',
  };
}

/** The YAML 1.2 core booleans, as `core.getBooleanInput` reads them. */
export function parseBoolean(input: string, raw: string): boolean {
  const text = raw.trim();
  if (['true', 'True', 'TRUE'].includes(text)) return true;
  if (['false', 'False', 'FALSE'].includes(text)) return false;
  throw new InputError(input, `("${printable(text)}") is not a boolean`, 'Write true or false.');
}

export function parseDurationInput(
  input: string,
  raw: string,
  min: number,
  max: number,
  prefix = '',
): number {
  const ms = parseDuration(raw);
  if (ms === undefined) {
    throw new InputError(
      input,
      `("${printable(raw.trim())}") is not a duration`,
      `Write ${prefix}a duration such as 90s, 30m or 1h30m, or a number of seconds.`,
    );
  }
  if (ms < min) {
    throw new InputError(
      input,
      `("${raw.trim()}") is shorter than ${min / 1000}s`,
      `Use at least ${min / 1000}s.`,
    );
  }
  if (ms > max) {
    throw new InputError(
      input,
      `("${raw.trim()}") is longer than ${max / 3_600_000 >= 1 ? `${max / 3_600_000}h` : `${max / 60_000}m`}`,
      'Use a shorter duration.',
    );
  }
  return ms;
}

/** A time limit such as `timeout` or `helm-timeout`: 1 s to 72 h. */
export function parseTimeoutInput(input: string, raw: string): number {
  return parseDurationInput(input, raw, 1000, MAX_DURATION_MS);
}

/** `auto`, or a fixed interval of 1 s to 10 min between status checks. */
export function parsePollIntervalInput(input: string, raw: string): 'auto' | number {
  const text = raw.trim().toLowerCase();
  return text === 'auto'
    ? 'auto'
    : parseDurationInput(input, text, 1000, MAX_POLL_INTERVAL_MS, 'auto, or ');
}

/**
 * A job-id input: empty (undefined), or an id of the service's form. `kind` names the job in the
 * message ("export", "agent") and `hint` says where a valid one comes from.
 */
export function parseJobIdInput(
  input: string,
  raw: string,
  kind: string,
  hint: string,
): string | undefined {
  const id = raw.trim();
  if (id === '') return undefined;
  if (!SERVICE_ID_PATTERN.test(id))
    throw new InputError(input, `("${printable(id)}") is not an ${kind} job id`, hint);
  return id;
}

/**
 * An http(s) address input (`environment-url`, `verify-url`, `bundle-url`): one absolute URL,
 * without a user name or password (`why` says why not, for this input). The value is shown in a
 * refusal through `shown`, so an input that may hold a presigned link can hide its query.
 */
export function parseHttpUrlInput(
  input: string,
  raw: string,
  options: { example: string; why: string; shown?: (text: string) => string },
): URL {
  const text = raw.trim();
  const shown = options.shown ?? ((t: string) => printable(t));
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || /\s/.test(text)) {
    throw new InputError(
      input,
      `("${shown(text)}") is not an http(s) URL`,
      `Give an absolute address, e.g. ${options.example}.`,
    );
  }
  if (url.username || url.password) {
    throw new InputError(input, 'holds a user name or password', options.why);
  }
  return url;
}

/**
 * A file path inside the workspace (the checked-out repository), as an absolute path. `line`
 * names the line of a multi-line input that holds it.
 */
export function parseWorkspacePath(
  input: string,
  raw: string,
  workspace: string,
  example: string,
  line?: number,
): string {
  const where = line === undefined ? '' : `line ${line} `;
  if (raw === '')
    throw new InputError(
      input,
      `${where}is empty`,
      `Give a path relative to the workspace, e.g. ${example}.`,
    );
  if (/[\u0000-\u001f]/.test(raw)) {
    throw new InputError(
      input,
      `${where}contains a line break or control character`,
      `Give one path, e.g. ${example}.`,
    );
  }
  const root = resolve(workspace);
  const absolute = resolve(root, raw);
  const rel = relative(root, absolute);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) {
    throw new InputError(
      input,
      `${where}("${raw}") points outside the workspace (${root})`,
      `Give a file path inside the repository's workspace, e.g. ${example} or charts/docs/${example}.`,
    );
  }
  return absolute;
}
