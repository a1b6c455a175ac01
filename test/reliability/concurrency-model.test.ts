/**
 * GitHub's one-pending-run rule against the review loop's sweep, on the pure model of
 * test/helpers/concurrency-model.ts: every order of up to four events (a /agent comment or any
 * other comment, each followed by none, one or two run ends), and a seeded sample of five and six.
 * Every instruction gets exactly one message; the old rule (only a /agent event's run sweeps) loses
 * some, so the check can fail.
 */
import { describe, expect, it } from 'vitest';
import { everyOrder, notOnce, play, sampleOrders } from '../helpers/concurrency-model.js';

describe("GitHub's one pending run per group, every order", () => {
  it('up to four events: every instruction sent exactly once', () => {
    const orders = everyOrder(4);
    expect(orders.length).toBeGreaterThan(1000);
    for (const order of orders)
      expect(notOnce(play(order, 'every-run')), order.join(' ')).toEqual([]);
    // The old rule loses an instruction in some of these orders.
    expect(
      orders.filter((o) => notOnce(play(o, 'command-runs-only')).length > 0).length,
    ).toBeGreaterThan(0);
    console.log(`concurrency model: ${orders.length} orders of up to 4 events`);
  });

  it.each([5, 6])('a seeded sample of %i events: every instruction sent exactly once', (events) => {
    for (const order of sampleOrders(events, 500, 0x5eed + events))
      expect(notOnce(play(order, 'every-run')), order.join(' ')).toEqual([]);
  });
});
