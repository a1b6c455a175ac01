/** One operation of the service, as the client sends it and the answer reader names it. */
import type * as v from 'valibot';
import type { HintContext } from './errors.js';

export interface Operation<TSchema extends v.GenericSchema> {
  /** Human name used in every message: "start export job". */
  name: string;
  method: 'GET' | 'POST';
  /** Path under the base URL, without a leading slash. */
  path: string;
  body?: unknown;
  schema: TSchema;
  /**
   * Whether repeating the request is harmless. Unsafe operations are retried only where the
   * service cannot have acted on them: connection refused, 429 and 503.
   */
  idempotent: boolean;
  /**
   * Sent at most once (the agent's follow-up message): never repeated once it may have reached
   * the service (`mayHaveReached`), so not on a 503 either; only a failure before it left is.
   */
  atMostOnce?: boolean;
  /** Whether a 429 is worth waiting out (false where it means an exhausted hourly quota). */
  retryOn429?: boolean;
  hints?: Omit<HintContext, 'assistantKey'>;
}
