import { describe, expect, it, vi } from 'vitest';
import { createReporter, isLiveTerminal, type TextStream } from '../../src/entry/cli/progress.js';
import { Redactor } from '../../src/shared/secrets.js';

/** A terminal of `columns` columns that keeps what was written and renders it as a screen would. */
function fakeTerminal(columns = 60): TextStream & { written: string; screen(): string[] } {
  const stream = {
    isTTY: true,
    columns,
    written: '',
    write(text: string) {
      stream.written += text;
      return true;
    },
    /** The lines as they stand after carriage returns and erase-line sequences. */
    screen(): string[] {
      const lines: string[] = [''];
      for (const part of stream.written.split(/(\r\x1b\[2K|\n)/)) {
        if (part === '\n') lines.push('');
        else if (part === '\r\x1b[2K') lines[lines.length - 1] = '';
        else lines[lines.length - 1] += part;
      }
      return lines;
    },
  };
  return stream;
}

function clock(start = Date.parse('2026-11-22T10:00:00Z')) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('the live progress line (a terminal)', () => {
  it('redraws one line in place and keeps the last status when the step ends', async () => {
    const term = fakeTerminal();
    const time = clock();
    const redactor = new Redactor();
    const reporter = createReporter({
      stream: term,
      live: true,
      redact: redactor.redact,
      onSecret: (v) => redactor.add(v),
      now: time.now,
    });
    reporter.info('Values file values.yaml checked.');
    await reporter.group('Wait for export job se_1', async () => {
      reporter.progress!('Export 10% · 3 pages');
      time.advance(2000);
      reporter.progress!('Export 55% · 20 pages · eta 4s');
      // While the step runs, the screen's last line is the live one, redrawn in place.
      expect(term.screen().at(-1)).toBe('  ⠋ Export 55% · 20 pages · eta 4s (2s)');
      reporter.warning('slow service');
      expect(term.screen().slice(-2)).toEqual([
        '  warning: slow service',
        '  ⠋ Export 55% · 20 pages · eta 4s (2s)',
      ]);
      time.advance(3000);
      reporter.progress!('Export 100% · 42 pages');
    });
    reporter.close();
    expect(term.screen()).toEqual([
      'Values file values.yaml checked.',
      '▸ Wait for export job se_1',
      '  warning: slow service',
      '  Export 100% · 42 pages (5s)',
      '',
    ]);
    expect(term.written).toContain('\r\x1b[2K');
    // Intermediate statuses were drawn, then erased, never left as lines.
    expect(term.screen().join('\n')).not.toContain('Export 10%');
  });

  it('cuts the live line to the terminal width, so it can be redrawn', async () => {
    const term = fakeTerminal(30);
    const reporter = createReporter({
      stream: term,
      live: true,
      redact: (t) => t,
      onSecret: () => undefined,
      now: clock().now,
    });
    await reporter.group('step', async () => {
      reporter.progress!('Export 55% · 20 pages · eta 4s and much more text here');
      const live = term.screen().at(-1)!;
      expect([...live].length).toBe(29);
      expect(live.endsWith('…')).toBe(true);
    });
    reporter.close();
  });

  it('redacts a secret in the live line and in permanent lines', async () => {
    const term = fakeTerminal(200);
    const redactor = new Redactor();
    const reporter = createReporter({
      stream: term,
      live: true,
      redact: redactor.redact,
      onSecret: (v) => redactor.add(v),
      now: clock().now,
    });
    reporter.secret('sig-0123456789');
    await reporter.group('step', async () => {
      reporter.progress!('at https://s/b?sig=sig-0123456789');
      reporter.info('link https://s/b?sig=sig-0123456789');
    });
    reporter.close();
    expect(term.written).not.toContain('sig-0123456789');
    expect(term.written).toContain('https://s/b?sig=***');
  });

  it('moves the spinner on a timer while a step runs, and stops it after', async () => {
    const term = fakeTerminal();
    const reporter = createReporter({
      stream: term,
      live: true,
      redact: (t) => t,
      onSecret: () => undefined,
      tickMs: 5,
    });
    // Vitest's fake timers: the spinner's interval and the step's 60 ms pass without waiting.
    vi.useFakeTimers();
    try {
      const step = reporter.group('step', () => new Promise((resolve) => setTimeout(resolve, 60)));
      await vi.advanceTimersByTimeAsync(60);
      await step;
      const frames = new Set(
        [...term.written.matchAll(/([⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]) working/g)].map((m) => m[1]),
      );
      expect(frames.size).toBeGreaterThan(1);
      const after = term.written.length;
      await vi.advanceTimersByTimeAsync(30);
      expect(term.written.length).toBe(after);
      reporter.close();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('plain lines (a CI log, a file)', () => {
  it('timestamps every line and writes no control sequence', async () => {
    let written = '';
    const time = clock();
    const reporter = createReporter({
      stream: {
        write: (t: string) => (written += t),
      },
      live: false,
      redact: (t) => t,
      onSecret: () => undefined,
      now: time.now,
    });
    await reporter.group('Wait for export job se_1', async () => {
      reporter.progress!('Export 10% · 3 pages');
      time.advance(61_000);
      reporter.progress!('Export 100% · 42 pages');
      reporter.info('--- a/values.yaml\n+++ b/values.yaml');
    });
    reporter.debug('hidden without --verbose');
    reporter.error('it failed');
    reporter.close();
    expect(written).toBe(
      [
        '2026-11-22T10:00:00Z ▸ Wait for export job se_1',
        '2026-11-22T10:00:00Z Export 10% · 3 pages',
        '2026-11-22T10:01:01Z Export 100% · 42 pages',
        '2026-11-22T10:01:01Z --- a/values.yaml',
        '2026-11-22T10:01:01Z +++ b/values.yaml',
        '2026-11-22T10:01:01Z error: it failed',
        '',
      ].join('\n'),
    );
    expect(written).not.toMatch(/[\r\x1b]/);
  });

  it('is what a stream that is not a terminal, or a dumb one, gets', () => {
    expect(isLiveTerminal({ write: () => true, isTTY: true }, {})).toBe(true);
    expect(isLiveTerminal({ write: () => true, isTTY: true }, { TERM: 'dumb' })).toBe(false);
    expect(isLiveTerminal({ write: () => true }, {})).toBe(false);
  });
});
