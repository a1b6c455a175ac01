/**
 * The results of a run, in the form each place reads: `name=value` lines (a shell, `grep`), one
 * JSON object (`jq`), or a GitLab CI dotenv report (variables for later jobs). The names are the
 * action's output names; the values pass through the redactor like every other byte printed.
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { UserError } from '../../shared/errors.js';

export type Results = Record<string, string>;

/**
 * A value on one line: a list (values-file with several files is one per line, as the action's
 * output has it) is joined with commas, since a line break would forge another `name=value` line.
 */
function oneLine(value: string): string {
  return value.split(/\r\n|\r|\n/).join(',');
}

export function formatLines(results: Results, redact: (text: string) => string): string {
  return Object.entries(results)
    .map(([name, value]) => `${name}=${oneLine(redact(value))}\n`)
    .join('');
}

export function formatJson(results: Results, redact: (text: string) => string): string {
  const redacted = Object.fromEntries(
    Object.entries(results).map(([name, value]) => [name, redact(value)]),
  );
  return `${JSON.stringify(redacted)}\n`;
}

/** `job-id` → `STATIC_EXPORT_JOB_ID`: dotenv variable names are letters, digits and `_` only. */
export function dotenvName(prefix: string, name: string): string {
  return `${prefix}${name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
}

/**
 * GitLab reads a dotenv report line by line as KEY=VALUE, strips both sides and keeps quotes as
 * they are, so values are written bare, a list joined with commas as on stdout.
 */
export function formatDotenv(
  results: Results,
  prefix: string,
  redact: (text: string) => string,
): string {
  return Object.entries(results)
    .map(([name, value]) => `${dotenvName(prefix, name)}=${oneLine(redact(value))}\n`)
    .join('');
}

/** The report's folder must exist before anything is sent: a typo costs no export. */
export async function checkDotenvPath(path: string, cwd: string): Promise<string> {
  const absolute = resolve(cwd, path);
  if (path.trim() === '' || (await stat(absolute).catch(() => undefined))?.isDirectory())
    throw new UserError(
      `--dotenv "${path}" is not a file name. Give one, e.g. --dotenv publish.env.`,
    );
  const folder = await stat(dirname(absolute)).catch(() => undefined);
  if (!folder?.isDirectory()) {
    throw new UserError(
      `--dotenv ${path}: the folder ${dirname(absolute)} does not exist. Give a file in an existing folder, e.g. --dotenv publish.env.`,
    );
  }
  return absolute;
}

/** A line of a report this command writes: `STATIC_EXPORT_…=` (publish) or `AGENT_…=` (agent). */
const REPORT_LINE = /^(?:STATIC_EXPORT|AGENT)_[A-Z0-9_]*=/;

/**
 * A run refused before it has results (bad usage, bad input) empties the report an earlier run
 * left at that path: a later step must not read that run's success as this one's. Only a file that
 * holds such a report is emptied (a mistyped --dotenv naming a values file is left alone); nothing
 * is created, and a failure here adds nothing to the refusal.
 */
export function emptyStaleDotenv(path: string | undefined, cwd: string): void {
  if (path === undefined || path.trim() === '') return;
  const absolute = resolve(cwd, path);
  try {
    if (!statSync(absolute).isFile()) return;
    const lines = readFileSync(absolute, 'utf8')
      .split('\n')
      .filter((line) => line !== '');
    if (lines.length > 0 && lines.every((line) => REPORT_LINE.test(line)))
      writeFileSync(absolute, '');
  } catch {
    // Not there, or not readable or writable: no old report to mistake, or none to replace.
  }
}

/** Written synchronously: it is also written on the way out of a cancelled run. */
export function writeDotenv(path: string, text: string): void {
  try {
    writeFileSync(path, text);
  } catch (error) {
    throw new UserError(
      `Could not write the dotenv report ${path}: ${(error as Error).message}. Check that the folder is writable.`,
      { file: path },
    );
  }
}
