/**
 * A failure the user can fix: a bad input, a broken values file, a failed export. Its message
 * names the input or file, says what is wrong and what to do.
 */
export class UserError extends Error {
  override readonly name = 'UserError';
  constructor(
    message: string,
    readonly details: {
      input?: string;
      file?: string;
      jobId?: string;
      /** The network or a time limit failed, not the user's setup: running again may work. */
      transient?: boolean;
    } = {},
  ) {
    super(message);
  }
}

/** A refusal of one input: `Input "timeout": ... ` */
export class InputError extends UserError {
  constructor(input: string, problem: string, fix: string) {
    super(`Input "${input}" ${problem}. ${fix}`, { input });
  }
}

/** The run was cancelled (SIGINT/SIGTERM) or reached its time limit. */
export class StoppedError extends UserError {
  constructor(
    message: string,
    readonly reason: 'cancelled' | 'timeout',
    jobId?: string,
  ) {
    super(message, { jobId });
  }
}
