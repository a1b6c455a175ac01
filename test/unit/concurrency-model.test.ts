/**
 * GitHub's one-pending-run rule against the review loop's sweep, on the pure model of
 * test/helpers/concurrency-model.ts (the exhaustive and sampled orders are in
 * test/reliability/concurrency-model.test.ts). End to end, the same order is
 * test/e2e/agent-review-loop.test.ts "every event sweeps".
 */
import { describe, expect, it } from 'vitest';
import { notOnce, play, type Step } from '../helpers/concurrency-model.js';

describe("GitHub's one pending run per group", () => {
  // A run is busy; /agent X's run waits; an LGTM's run replaces it in the queue.
  const cancelledByLgtm: Step[] = ['cmd', 'cmd', 'noise'];

  it('the run that replaced a cancelled /agent run sends its instruction: each once', () => {
    const outcome = play(cancelledByLgtm, 'every-run');
    expect(outcome.cancelled).toBe(1);
    expect(notOnce(outcome)).toEqual([]);
    expect([...outcome.sent.values()]).toEqual([1, 1]);
  });

  it('when only a /agent run swept, that order lost the instruction (the model can fail)', () => {
    expect(notOnce(play(cancelledByLgtm, 'command-runs-only'))).toEqual(['comment 3: 0 messages']);
  });
});
