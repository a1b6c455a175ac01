/**
 * The part of @actions/core the two doors on a runner use, written out from its code (3.0.1,
 * lib/core.js, command.js, file-command.js, utils.js, summary.js) byte for byte in what reaches
 * the runner: inputs from `INPUT_*`, outputs, state and variables through the GITHUB_OUTPUT /
 * GITHUB_STATE / GITHUB_ENV files with a random delimiter, workflow commands (`::warning::`,
 * `::add-mask::`...) with their escaping, and the job summary.
 *
 * Why not @actions/core itself: its index (the only entry its package exports) loads its OIDC
 * client, which loads @actions/http-client and with it undici's whole index, before the run's
 * first request; that index makes Node load its own built-in undici too (docs/performance.md,
 * "Large values files and the cold start"). test/unit/runner-core.test.ts runs the same calls
 * through both, each in a fresh process, and compares what each wrote.
 *
 * It imports nothing but Node's modules, so that test can run this file under Node 24 as it is.
 */
import { randomUUID } from 'node:crypto';
import { appendFileSync, constants, existsSync } from 'node:fs';
import { access, appendFile, writeFile } from 'node:fs/promises';
import { EOL } from 'node:os';

export interface InputOptions {
  required?: boolean;
  trimWhitespace?: boolean;
}

/** Where an annotation points, as @actions/core's AnnotationProperties. */
export interface AnnotationProperties {
  title?: string;
  file?: string;
  startLine?: number;
  endLine?: number;
  startColumn?: number;
  endColumn?: number;
}

/** An input as the runner passes it: `INPUT_` + the name upper-cased, spaces as `_`, trimmed. */
export function getInput(name: string, options?: InputOptions): string {
  const value = process.env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] || '';
  if (options?.required && !value) throw new Error(`Input required and not supplied: ${name}`);
  if (options?.trimWhitespace === false) return value;
  return value.trim();
}

export function setOutput(name: string, value: unknown): void {
  if (process.env.GITHUB_OUTPUT) return issueFileCommand('OUTPUT', keyValueMessage(name, value));
  process.stdout.write(EOL);
  issueCommand('set-output', { name }, toCommandValue(value));
}

export function saveState(name: string, value: unknown): void {
  if (process.env.GITHUB_STATE) return issueFileCommand('STATE', keyValueMessage(name, value));
  issueCommand('save-state', { name }, toCommandValue(value));
}

export function exportVariable(name: string, value: unknown): void {
  const converted = toCommandValue(value);
  process.env[name] = converted;
  if (process.env.GITHUB_ENV) return issueFileCommand('ENV', keyValueMessage(name, value));
  issueCommand('set-env', { name }, converted);
}

/** Masks the value in every later line of the log. */
export function setSecret(secret: string): void {
  issueCommand('add-mask', {}, secret);
}

export function isDebug(): boolean {
  return process.env.RUNNER_DEBUG === '1';
}

export function debug(message: string): void {
  issueCommand('debug', {}, message);
}

export function info(message: string): void {
  process.stdout.write(message + EOL);
}

export function notice(message: string | Error, properties: AnnotationProperties = {}): void {
  annotate('notice', message, properties);
}

export function warning(message: string | Error, properties: AnnotationProperties = {}): void {
  annotate('warning', message, properties);
}

export function error(message: string | Error, properties: AnnotationProperties = {}): void {
  annotate('error', message, properties);
}

/** Fails the step: exit code 1 when the process ends, and the message as an error annotation. */
export function setFailed(message: string | Error): void {
  process.exitCode = 1;
  error(message);
}

export function startGroup(name: string): void {
  issueCommand('group', {}, name);
}

export function endGroup(): void {
  issueCommand('endgroup', {}, '');
}

export async function group<T>(name: string, fn: () => Promise<T>): Promise<T> {
  startGroup(name);
  try {
    return await fn();
  } finally {
    endGroup();
  }
}

/**
 * The job summary: text gathered with addRaw, appended to GITHUB_STEP_SUMMARY by write. As in
 * @actions/core, the file is checked (set, readable and writable) on the first write only.
 */
class Summary {
  private buffer = '';
  private path: string | undefined;

  addRaw(text: string, addEOL = false): this {
    this.buffer += text;
    return addEOL ? this.addRaw(EOL) : this;
  }

  async write(options?: { overwrite?: boolean }): Promise<this> {
    const path = (this.path ??= await summaryPath());
    await (options?.overwrite ? writeFile : appendFile)(path, this.buffer, { encoding: 'utf8' });
    this.buffer = '';
    return this;
  }
}

async function summaryPath(): Promise<string> {
  const path = process.env.GITHUB_STEP_SUMMARY;
  if (!path)
    throw new Error(
      'Unable to find environment variable for $GITHUB_STEP_SUMMARY. Check if your runtime environment supports job summaries.',
    );
  try {
    await access(path, constants.R_OK | constants.W_OK);
  } catch {
    throw new Error(
      `Unable to access summary file: '${path}'. Check if the file has correct read/write permissions.`,
    );
  }
  return path;
}

export const summary = new Summary();

// ---- as @actions/core writes them ----------------------------------------------------------

function annotate(
  command: 'notice' | 'warning' | 'error',
  message: string | Error,
  properties: AnnotationProperties,
): void {
  issueCommand(
    command,
    commandProperties(properties),
    message instanceof Error ? message.toString() : message,
  );
}

/** The annotation's properties under the names the runner reads (`line`, `col`...). */
function commandProperties(p: AnnotationProperties): Record<string, unknown> {
  if (!Object.keys(p).length) return {};
  return {
    title: p.title,
    file: p.file,
    line: p.startLine,
    endLine: p.endLine,
    col: p.startColumn,
    endColumn: p.endColumn,
  };
}

/** `::command key=value,key=value::message`: an empty property is left out. */
function issueCommand(command: string, properties: Record<string, unknown>, message: unknown) {
  let line = `::${command}`;
  const keys = Object.keys(properties);
  if (keys.length > 0) {
    line += ' ';
    line += keys
      .filter((key) => properties[key])
      .map((key) => `${key}=${escapeProperty(properties[key])}`)
      .join(',');
  }
  process.stdout.write(`${line}::${escapeData(message)}${EOL}`);
}

function escapeData(value: unknown): string {
  return toCommandValue(value).replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function escapeProperty(value: unknown): string {
  return escapeData(value).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** A string as it is; anything else as JSON; null and undefined as ''. */
function toCommandValue(input: unknown): string {
  if (input === null || input === undefined) return '';
  if (typeof input === 'string' || input instanceof String) return String(input);
  return JSON.stringify(input);
}

function issueFileCommand(command: 'OUTPUT' | 'STATE' | 'ENV', message: string): void {
  const path = process.env[`GITHUB_${command}`];
  if (!path) throw new Error(`Unable to find environment variable for file command ${command}`);
  if (!existsSync(path)) throw new Error(`Missing file at path: ${path}`);
  appendFileSync(path, `${message}${EOL}`, { encoding: 'utf8' });
}

/** `name<<delimiter`, the value, `delimiter`: refused when the name or value holds the delimiter. */
function keyValueMessage(key: string, value: unknown): string {
  const delimiter = `ghadelimiter_${randomUUID()}`;
  const converted = toCommandValue(value);
  if (key.includes(delimiter))
    throw new Error(`Unexpected input: name should not contain the delimiter "${delimiter}"`);
  if (converted.includes(delimiter))
    throw new Error(`Unexpected input: value should not contain the delimiter "${delimiter}"`);
  return `${key}<<${delimiter}${EOL}${converted}${EOL}${delimiter}`;
}
