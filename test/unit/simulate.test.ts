import { describe, expect, it } from 'vitest';
import { HOUR, NO_DELAYS, NO_OUTAGES, GITHUB_DELAYS } from '../../bench/simulate/model.js';
import { report } from '../../bench/simulate/report.js';
import { seeded } from '../../bench/simulate/random.js';
import { simulate } from '../../bench/simulate/world.js';

describe('npm run simulate', () => {
  it('is deterministic: the same seed prints the same table, another seed another', () => {
    const options = { days: 6, seeds: [7], outageHours: [4], calibrate: false };
    const first = report(options);
    expect(report(options)).toBe(first);
    expect(report({ ...options, seeds: [8] })).not.toBe(first);
  });

  it('draws the same numbers from the same seed, and forks independent streams', () => {
    const draw = (seed: number) => {
      const random = seeded(seed);
      return Array.from({ length: 5 }, () => random.next());
    };
    expect(draw(1)).toEqual(draw(1));
    expect(draw(1)).not.toEqual(draw(2));
    expect(seeded(1).fork('a').next()).not.toBe(seeded(1).fork('b').next());
  });

  it('daily publish, 6-hour links, no delay: the dead minutes worked out by hand', () => {
    // Day 1: the link of minute 0 lives to 360; the 03:17 run (minute 197) gets its link at 207
    // (a 10-minute export) and rolls it out at 209; it lives to 567. Day 2: the run at 1637 rolls
    // out at 1649, its link (issued 1647) lives to 2007. Dead: 567 → 1649 and 2007 → 2880.
    const world = simulate({
      seed: 1,
      days: 2,
      strategy: { kind: 'daily' },
      flow: 'helm',
      lifetime: 6 * HOUR,
      delays: NO_DELAYS,
      outages: NO_OUTAGES,
      restartsPerDay: 0,
    });
    expect(world.deadMinutes).toBe(1649 - 567 + (2880 - 2007));
    expect(world).toMatchObject({
      publishes: 2,
      requests: 2 * 31,
      podStarts: 2 * 3,
      deadPodStarts: 0,
      refreshes: 0,
      skips: 0,
    });
  });

  it('a keep-alive every 30 minutes with refresh-before 45 min on 1-hour links: worked out by hand', () => {
    // The link of minute 0 expires at 60. At 13 it has 47 minutes left (> 45): skipped. At 43,
    // 17 left: refreshed (issued 44, expires 104). At 73 that one has 31 left: refreshed again,
    // and so on: every later run refreshes. 48 runs a day: 1 skip, 47 refreshes (2 requests
    // each), plus the daily publish (31). Never dead.
    const world = simulate({
      seed: 1,
      days: 1,
      strategy: { kind: 'keep-alive', period: 30, offset: 13, refreshBefore: 45 },
      flow: 'helm',
      lifetime: HOUR,
      delays: NO_DELAYS,
      outages: NO_OUTAGES,
      restartsPerDay: 0,
    });
    expect(world).toMatchObject({ deadMinutes: 0, skips: 1, refreshes: 47, publishes: 1 });
    expect(world.requests).toBe(47 * 2 + 31);
  });

  it('the bundle-url mirror is never dead; today’s daily schedule is, with 1-hour links', () => {
    const base = {
      seed: 3,
      days: 10,
      flow: 'gitops' as const,
      lifetime: HOUR,
      delays: GITHUB_DELAYS,
      outages: NO_OUTAGES,
    };
    expect(simulate({ ...base, strategy: { kind: 'mirror' } }).deadMinutes).toBe(0);
    expect(simulate({ ...base, strategy: { kind: 'daily' } }).deadMinutes).toBeGreaterThan(
      10 * 20 * 60,
    );
  });
});
