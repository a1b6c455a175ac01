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

/**
 * An error that knows whether running again unchanged may succeed (the service client's ApiError
 * does): declared here so a layer can ask without loading the client.
 */
export interface MayPassLater {
  readonly transient: boolean;
}

/**
 * Whether a failure may pass on a second run unchanged: a stop (cancel, time limit), the network,
 * a time limit, the service's own failure, or a bug. Not: a refused input, file or key, a failed
 * export, a request the service refused as given.
 */
export function isTransient(error: unknown): boolean {
  if (error instanceof StoppedError) return true;
  if (error instanceof UserError) return error.details.transient === true;
  const said = (error as Partial<MayPassLater> | null)?.transient;
  return typeof said === 'boolean' ? said : true;
}
