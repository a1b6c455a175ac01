/**
 * Where the pipelines report on the command line: stderr. On a terminal, one live line shows the
 * current step's status (redrawn in place) under the lines that stay; anywhere else (a CI log, a
 * file) every line is plain text with a UTC timestamp and no control sequences. Everything written
 * goes through the redactor first.
 */
import { formatDuration } from '../../shared/duration.js';
import type { Reporter } from '../../shared/logger.js';

/** What the reporter writes to: process.stderr, or a fake terminal in tests. */
export interface TextStream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export interface ProgressOptions {
  stream: TextStream;
  /** Redraw in place (a terminal) or write timestamped lines. */
  live: boolean;
  redact: (text: string) => string;
  /** Called for each value to hide from now on (the presigned link's secret parts). */
  onSecret: (value: string) => void;
  verbose?: boolean;
  now?: () => number;
  /** How often the live line's spinner and elapsed time move (0: only on events). */
  tickMs?: number;
}

export interface CliReporter extends Reporter {
  /** A failure, as the last word of the run. */
  error(message: string): void;
  /** Stops the live line (leaving the terminal on a fresh line). */
  close(): void;
}

/** Should the progress be live? Only on a terminal that can move the cursor. */
export function isLiveTerminal(stream: TextStream, env: NodeJS.ProcessEnv): boolean {
  return stream.isTTY === true && env.TERM !== 'dumb';
}

const SPINNER = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
/** Carriage return, then erase the line: where the live line is redrawn. */
const CLEAR_LINE = '\r\x1b[2K';

interface Step {
  name: string;
  startedAt: number;
  status: string | undefined;
}

export function createReporter(options: ProgressOptions): CliReporter {
  return options.live ? liveReporter(options) : plainReporter(options);
}

/** The line kinds both forms share, each a prefix on the lines it writes. */
function levels(
  options: ProgressOptions,
  write: (prefix: string, message: string) => void,
): Omit<CliReporter, 'group' | 'close' | 'progress'> {
  return {
    debug: (m) => (options.verbose ? write('debug: ', m) : undefined),
    info: (m) => write('', m),
    notice: (m) => write('notice: ', m),
    warning: (m) => write('warning: ', m),
    error: (m) => write('error: ', m),
    secret: (value) => options.onSecret(value),
  };
}

function plainReporter(options: ProgressOptions): CliReporter {
  const { stream, redact } = options;
  const now = options.now ?? Date.now;
  const write = (prefix: string, message: string) => {
    // One timestamp per line, so that every line of a diff or of helm's notes can be grepped.
    const stamp = `${new Date(now()).toISOString().replace(/\.\d{3}Z$/, 'Z')} `;
    const lines = redact(message).split(/\r?\n/);
    stream.write(lines.map((line) => `${stamp}${prefix}${line}`.trimEnd()).join('\n') + '\n');
  };
  return {
    ...levels(options, write),
    progress: (m) => write('', m),
    group: async (name, fn) => {
      write('▸ ', name);
      return fn();
    },
    close: () => undefined,
  };
}

function liveReporter(options: ProgressOptions): CliReporter {
  const { stream, redact } = options;
  const now = options.now ?? Date.now;
  const steps: Step[] = [];
  let shown = false;
  let frame = 0;
  let ticker: ReturnType<typeof setInterval> | undefined;

  // A terminal of unknown size (0 columns) is taken as 80 wide.
  const width = () => Math.max(20, (stream.columns || 80) - 1);
  const indent = () => '  '.repeat(steps.length);
  const liveText = (): string | undefined => {
    const step = steps.at(-1);
    if (!step) return undefined;
    const elapsed = formatDuration(now() - step.startedAt);
    return `${indent()}${SPINNER[frame % SPINNER.length]} ${step.status ?? 'working'} (${elapsed})`;
  };
  const draw = () => {
    const text = liveText();
    const clear = shown ? CLEAR_LINE : '';
    shown = text !== undefined;
    // Cut to the terminal's width: a wrapped line could not be redrawn in place.
    stream.write(clear + (text ? truncate(redact(text), width()) : ''));
  };
  const permanent = (prefix: string, message: string) => {
    const lines = redact(message).split(/\r?\n/);
    const text = lines.map((line) => `${indent()}${prefix}${line}`.trimEnd()).join('\n');
    stream.write(`${shown ? CLEAR_LINE : ''}${text}\n`);
    shown = false;
    draw();
  };
  const startTicking = () => {
    if (ticker || !options.tickMs) return;
    ticker = setInterval(() => {
      frame++;
      draw();
    }, options.tickMs);
    ticker.unref?.();
  };
  const stopTicking = () => {
    if (ticker) clearInterval(ticker);
    ticker = undefined;
  };

  return {
    ...levels(options, permanent),
    progress: (m) => {
      const step = steps.at(-1);
      if (!step) return permanent('', m);
      step.status = m;
      draw();
    },
    group: async (name, fn) => {
      permanent('▸ ', name);
      steps.push({ name, startedAt: now(), status: undefined });
      startTicking();
      draw();
      try {
        return await fn();
      } finally {
        const step = steps.pop()!;
        if (steps.length === 0) stopTicking();
        // The step's last status stays, with how long the step took.
        if (step.status)
          permanent('  ', `${step.status} (${formatDuration(now() - step.startedAt)})`);
        else draw();
      }
    },
    close: () => {
      stopTicking();
      steps.length = 0;
      if (shown) stream.write(CLEAR_LINE);
      shown = false;
    },
  };
}

/** Cuts a line to `max` characters (by code point), marking the cut. */
function truncate(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}
