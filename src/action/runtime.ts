/**
 * What both entry points (the root action and agent/) share when running on a runner: the
 * reporter wired to @actions/core, cancellation on SIGINT/SIGTERM, failure messages and the
 * job summary.
 */
import * as core from '@actions/core';
import type { ServiceClient } from '../api/client.js';
import { ApiError } from '../api/errors.js';
import { CommonInputs } from '../api/inputs.js';
import { HARD_EXIT_AFTER_CANCEL_MS } from '../shared/constants.js';
import { UserError } from '../shared/errors.js';
import type { Reporter } from '../shared/logger.js';
import type { Redactor } from '../shared/secrets.js';

export const actionsReporter: Reporter = {
  debug: (m) => core.debug(m),
  info: (m) => core.info(m),
  notice: (m) => core.notice(m),
  warning: (m) => core.warning(m),
  group: (name, fn) => core.group(name, fn),
  secret: (value) => core.setSecret(value),
};

/**
 * The reporter, with every value it masks in the log also added to `redactor`, which keeps them
 * out of what is sent to GitHub.
 */
export function maskingReporter(redactor: Redactor): Reporter {
  return {
    ...actionsReporter,
    secret: (value) => {
      redactor.add(value);
      actionsReporter.secret(value);
    },
  };
}

export function runUrl(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const { GITHUB_SERVER_URL, GITHUB_REPOSITORY, GITHUB_RUN_ID } = env;
  if (!GITHUB_SERVER_URL || !GITHUB_REPOSITORY || !GITHUB_RUN_ID) return undefined;
  return `${GITHUB_SERVER_URL}/${GITHUB_REPOSITORY}/actions/runs/${GITHUB_RUN_ID}`;
}

/**
 * Cancels on SIGINT/SIGTERM (what a runner sends when a run is cancelled). If the work does not
 * wind down within a few seconds, the process exits anyway.
 */
export function cancelOnSignals(controller: AbortController): () => void {
  const handler = (signal: NodeJS.Signals) => {
    if (controller.signal.aborted) return;
    core.info(`Received ${signal}: stopping.`);
    controller.abort(new Error(`received ${signal}`));
    setTimeout(() => process.exit(process.exitCode ?? 1), HARD_EXIT_AFTER_CANCEL_MS).unref();
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
  return () => {
    process.off('SIGINT', handler);
    process.off('SIGTERM', handler);
  };
}

export function describeFailure(error: unknown): string {
  if (error instanceof UserError || error instanceof ApiError) return error.message;
  if (error instanceof Error)
    return `Unexpected error: ${error.message}. Please report it with the log of this run.`;
  return `Unexpected error: ${String(error)}.`;
}

/** Sets outputs on a failure path, where a missing GITHUB_OUTPUT must not hide the failure. */
export function setOutputsQuietly(outputs: Record<string, string | undefined>): void {
  try {
    for (const [name, value] of Object.entries(outputs))
      if (value !== undefined) core.setOutput(name, value);
  } catch {
    // Not on a runner: the failure reported next is what matters.
  }
}

export async function writeSummary(markdown: string): Promise<void> {
  if (!process.env.GITHUB_STEP_SUMMARY) return;
  try {
    await core.summary.addRaw(markdown).write();
  } catch (error) {
    core.warning(`Could not write the job summary: ${(error as Error).message}`);
  }
}

export interface EntryContext {
  signal: AbortSignal;
  /** Registers a client to close when the run ends, so the process can exit at once. */
  track(client: ServiceClient): ServiceClient;
}

/**
 * The frame of both entry points: mask the key before anything is printed, cancel on signals,
 * turn any thrown value into core.setFailed (after `onFailure` reports what it can), and close
 * the clients. The failure message goes through `redact` first: it may quote the service (a
 * reason that holds the key), and the summary `onFailure` writes is a file the runner never masks.
 */
export async function runEntry(
  work: (ctx: EntryContext) => Promise<void>,
  onFailure: (message: string, error: unknown) => Promise<void>,
  redact: (text: string) => string = (text) => text,
): Promise<void> {
  const controller = new AbortController();
  const release = cancelOnSignals(controller);
  const clients: ServiceClient[] = [];
  // Node exits with 0 when nothing is left to wait for, even if the work never finished (a promise
  // no event will ever settle): that must fail the step, not pass it having done half the job.
  let lose: (error: Error) => void = () => undefined;
  const lost = new Promise<never>((_, reject) => {
    lose = reject;
  });
  const onBeforeExit = () =>
    lose(new Error('the run stopped waiting for an operation that could never finish'));
  process.on('beforeExit', onBeforeExit);
  try {
    const rawKey = core.getInput(CommonInputs.ApiKey.name);
    if (rawKey.trim()) core.setSecret(rawKey.trim());
    await Promise.race([
      work({ signal: controller.signal, track: (client) => (clients.push(client), client) }),
      lost,
    ]);
  } catch (error) {
    const message = redact(describeFailure(error));
    await onFailure(message, error).catch(() => undefined);
    core.setFailed(message);
  } finally {
    process.off('beforeExit', onBeforeExit);
    release();
    await Promise.all(clients.map((client) => client.close()));
  }
}
