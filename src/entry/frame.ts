/**
 * The one run frame of the three front doors (`action/`, `agent/`, `cli/` beside this file): a
 * signal cancels the work, a run that could never finish fails instead of passing, any thrown
 * value becomes one redacted message, and the clients the work opened are closed so the process
 * can exit at once.
 *
 * What must differ per door is a parameter: the `Door`, and `runFrame`'s `onFailure` (what a
 * door does with a failure before the frame returns it: the agent's step summary, for one).
 * - `say`: where the signal notice goes (the runner's log; the command line's stderr).
 * - `secondSignal`: `ignore` on a runner, which sends SIGINT and then SIGTERM seconds later while
 *   the action still reports to the deployment; `hard-exit` on the command line, where a second
 *   Ctrl+C (or a second GitLab/Jenkins abort) means now.
 * - `hardExit`: what runs when the work (or the failure report) has not wound down
 *   `HARD_EXIT_AFTER_CANCEL_MS` after the first signal, and on the command line at a second
 *   signal (it prints its resume hint and what it has, and exits 130; the actions exit with the
 *   code set so far).
 * - `reportWith`: where an unexpected error's report should point ("the log of this run", "the
 *   output of this command").
 * - `redact`: the door's redactor; the message may quote the service, and what the door writes
 *   with it (a job summary, a dotenv report) is a file no runner masks.
 * Exit codes are the command line's (`Exit`); the actions turn a failure into `core.setFailed`,
 * which exits 1 whatever stopped the run. A door's `index.ts` also guards what runs before and
 * after the frame (loading, writing the result): a process that ends before the run settled
 * fails, in that door's words.
 */
import type { ServiceClient } from '../api/client.js';
import { ApiError } from '../api/errors.js';
import { HARD_EXIT_AFTER_CANCEL_MS } from '../shared/constants.js';
import { InputError, UserError } from '../shared/errors.js';

export const Exit = { Done: 0, Failed: 1, Usage: 2, Cancelled: 130 } as const;

export interface Door {
  say(message: string): void;
  secondSignal: 'ignore' | 'hard-exit';
  hardExit(): void;
  reportWith: string;
  redact(text: string): string;
}

export interface FrameContext {
  signal: AbortSignal;
  /** Registers a client to close when the run ends. */
  track: (client: ServiceClient) => ServiceClient;
}

export type FrameOutcome<T> =
  { ok: true; value: T } | { ok: false; message: string; error: unknown; cancelled: boolean };

/** The failure as one line that says what to do: ours and the service's as they are worded. */
export function describeFailure(error: unknown, reportWith = 'the log of this run'): string {
  if (error instanceof UserError || error instanceof ApiError) return error.message;
  const what = error instanceof Error ? error.message : String(error);
  return `Unexpected error: ${what}. Please report it with ${reportWith}.`;
}

/**
 * The code a command-line run exits with. An InputError is bad input found by the pipeline once it
 * read the files (a values-document line that matches nothing, verify-url with a manifest), before
 * any request: usage, as an option refused while parsing is.
 */
export function exitCode(outcome: FrameOutcome<unknown>): number {
  if (outcome.ok) return Exit.Done;
  // Whatever failed, a run that was told to stop exits as cancelled.
  if (outcome.cancelled) return Exit.Cancelled;
  return outcome.error instanceof InputError ? Exit.Usage : Exit.Failed;
}

/**
 * Runs `work` in the frame. `onFailure` reports a failure while the signal handlers and the hard
 * exit are still armed, so after a cancel a report that hangs (a deployment status, a summary)
 * cannot hold the run. Without a signal a hanging report ends when nothing is left to wait for:
 * each door sets a failing exit code before it starts, so that exit is not a pass.
 */
export async function runFrame<T>(
  work: (context: FrameContext) => Promise<T>,
  door: Door,
  onFailure?: (failure: Extract<FrameOutcome<T>, { ok: false }>) => Promise<void> | void,
): Promise<FrameOutcome<T>> {
  const controller = new AbortController();
  const release = cancelOnSignals(controller, door);
  const clients: ServiceClient[] = [];
  // Node exits with 0 when nothing is left to wait for, even if the work never finished (a promise
  // no event will ever settle): that must fail the run, not pass it having done half the job.
  let lose: (error: Error) => void = () => undefined;
  const lost = new Promise<never>((_, reject) => {
    lose = reject;
  });
  const onBeforeExit = () =>
    lose(new Error('the run stopped waiting for an operation that could never finish'));
  process.on('beforeExit', onBeforeExit);
  try {
    const track = (client: ServiceClient) => (clients.push(client), client);
    const value = await Promise.race([work({ signal: controller.signal, track }), lost]);
    return { ok: true, value };
  } catch (error) {
    const failure = {
      ok: false as const,
      message: door.redact(describeFailure(error, door.reportWith)),
      error,
      cancelled: controller.signal.aborted,
    };
    try {
      await onFailure?.(failure);
    } catch {
      // The failure itself is what the door reports next.
    }
    return failure;
  } finally {
    process.off('beforeExit', onBeforeExit);
    release();
    await Promise.all(clients.map((client) => client.close()));
  }
}

/**
 * SIGINT/SIGTERM abort the work (a runner's cancel, GitLab's and Jenkins' abort, Ctrl+C): it stops
 * where it is and leaves the values file alone. If it does not wind down in time, `hardExit` runs.
 */
function cancelOnSignals(controller: AbortController, door: Door): () => void {
  let timer: NodeJS.Timeout | undefined;
  const handler = (signal: NodeJS.Signals) => {
    if (controller.signal.aborted) {
      if (door.secondSignal === 'hard-exit') door.hardExit();
      return;
    }
    door.say(
      door.secondSignal === 'hard-exit'
        ? `Received ${signal}: stopping (a second ${signal} quits at once).`
        : `Received ${signal}: stopping.`,
    );
    controller.abort(new Error(`received ${signal}`));
    timer = setTimeout(() => door.hardExit(), HARD_EXIT_AFTER_CANCEL_MS).unref();
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
  return () => {
    // On a runner the hard exit stays armed after the frame: whatever still holds the process
    // (a report, a child) is ended HARD_EXIT_AFTER_CANCEL_MS after the cancel, as the runner
    // itself would. The command line has printed its results by then and exits on its own.
    if (door.secondSignal === 'hard-exit') clearTimeout(timer);
    process.off('SIGINT', handler);
    process.off('SIGTERM', handler);
  };
}
