/**
 * The small reporting interface the pipeline core writes to. The entry points adapt it: the
 * actions wire it to `@actions/core` (src/entry/runner.ts), the command line to stderr
 * (src/entry/cli/progress.ts); tests use the plain ones below. Only the actions' doors
 * (src/entry/action/, src/entry/agent/, src/entry/runner.ts) and the Octokit wiring
 * (src/github/octokit.ts) import @actions/*.
 */
export interface Logger {
  debug(message: string): void;
  info(message: string): void;
  notice(message: string): void;
  warning(message: string): void;
}

/** A logger that can also group lines and mask secrets (the action wires it to @actions/core). */
export interface Reporter extends Logger {
  /** Runs `fn` inside a collapsible log group. */
  group<T>(name: string, fn: () => Promise<T>): Promise<T>;
  /** Masks a value in everything printed after this call. */
  secret(value: string): void;
  /**
   * A status that replaces the previous one (an export's percentage): a terminal redraws it in
   * place. Reporters without it print such a status as an info line.
   */
  progress?(message: string): void;
}

/** Reports a status through `progress` where the reporter has it, else as an info line. */
export function reportProgress(reporter: Reporter, message: string): void {
  if (reporter.progress) reporter.progress(message);
  else reporter.info(message);
}

export const silentLogger: Logger = {
  debug: () => undefined,
  info: () => undefined,
  notice: () => undefined,
  warning: () => undefined,
};

/** A logger that keeps every line, for tests. */
export function memoryLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const push = (level: string) => (message: string) => {
    lines.push(`${level}: ${message}`);
  };
  return {
    lines,
    debug: push('debug'),
    info: push('info'),
    notice: push('notice'),
    warning: push('warning'),
  };
}
