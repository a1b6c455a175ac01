/**
 * What the two doors on a runner (the root action and agent/) share: the reporter wired to the
 * runner's workflow commands (runner-core.ts), the run frame as a runner needs it, outputs on a failure path and the job summary.
 * Not a door itself: the command line never loads it.
 */
import * as core from './runner-core.js';
import { CommonInputs } from '../api/inputs.js';
import type { Reporter } from '../shared/logger.js';
import type { Redactor } from '../shared/secrets.js';
import { runFrame, type FrameContext } from './frame.js';

/** Every warning and notice the run gave, in order: the job summary lists them all. */
export const runNotes: { warnings: string[]; notices: string[] } = { warnings: [], notices: [] };

export const actionsReporter: Reporter = {
  debug: (m) => core.debug(m),
  info: (m) => core.info(m),
  notice: (m) => {
    runNotes.notices.push(m);
    core.notice(m);
  },
  warning: (m) => {
    runNotes.warnings.push(m);
    core.warning(m);
  },
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

/**
 * The run frame (`frame.ts`) as both actions use it on a runner: the key is masked before anything
 * is printed, a second signal is ignored (a runner sends SIGTERM seconds after SIGINT, while the
 * action still reports to the deployment), and a failure ends in core.setFailed after `onFailure`
 * has reported what it can, still inside the frame (a signal then still has its handler).
 */
export async function runOnRunner(
  work: (context: FrameContext) => Promise<void>,
  onFailure: (message: string, error: unknown) => Promise<void>,
  redact: (text: string) => string = (text) => text,
): Promise<void> {
  // Until the run settles, a process that ends has failed (a report that never settles, say).
  process.exitCode = 1;
  const rawKey = core.getInput(CommonInputs.ApiKey.name);
  if (rawKey.trim()) core.setSecret(rawKey.trim());
  const outcome = await runFrame(
    work,
    {
      say: (message) => core.info(message),
      secondSignal: 'ignore',
      hardExit: () => process.exit(process.exitCode ?? 1),
      reportWith: 'the log of this run',
      redact,
    },
    async (failure) => {
      try {
        await onFailure(failure.message, failure.error);
      } finally {
        core.setFailed(failure.message);
      }
    },
  );
  if (outcome.ok) process.exitCode = 0;
}
