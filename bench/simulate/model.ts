/**
 * What the simulated world is made of: GitHub's scheduler, the service, the cluster, a GitOps
 * controller. Every figure here is an assumption, named and explained, so a reader can disagree
 * with one and change it. Times are minutes from the start of the simulation.
 */
import type { Random } from './random.js';

export const MINUTE = 1;
export const HOUR = 60;
export const DAY = 24 * HOUR;

/** How GitHub starts a scheduled run: a delay after the cron time, or not at all (undefined). */
export interface Delays {
  name: string;
  /** Minutes after the cron time at which the run starts; undefined: the run is dropped. */
  draw(random: Random): number | undefined;
}

/**
 * GitHub's scheduled runs, as observed and as GitHub documents ("may be delayed during periods of
 * high loads", "may be dropped"): most start within a few minutes, some within the hour, a heavy
 * tail of hours at busy times, and a few percent never start.
 */
export const GITHUB_DELAYS: Delays = {
  name: 'GitHub-like: 80 % within minutes (mean 3 min), 17 % 10–60 min, 3 % 1–6 h; 3 % dropped',
  draw(random) {
    if (random.chance(0.03)) return undefined;
    const u = random.next();
    if (u < 0.8) return random.exponential(3 * MINUTE);
    if (u < 0.97) return random.logUniform(10 * MINUTE, HOUR);
    return random.logUniform(HOUR, 6 * HOUR);
  },
};

/** No delay, nothing dropped: for hand-computed cases. */
export const NO_DELAYS: Delays = { name: 'none', draw: () => 0 };

/** Spells in which GitHub starts no scheduled run at all (every run in them is dropped). */
export interface Outages {
  name: string;
  /** The outages of one world, as [start, end) minutes, sorted. */
  draw(random: Random, days: number): Array<[number, number]>;
}

export const NO_OUTAGES: Outages = { name: 'none', draw: () => [] };

/** Random outages: on average one every 15 days, 1 to 12 hours long (log-uniform). */
export const RANDOM_OUTAGES: Outages = {
  name: 'about one every 15 days, 1–12 h long',
  draw(random, days) {
    const spells: Array<[number, number]> = [];
    let at = random.exponential(15 * DAY);
    while (at < days * DAY) {
      const end = at + random.logUniform(HOUR, 12 * HOUR);
      spells.push([at, end]);
      at = end + random.exponential(15 * DAY);
    }
    return spells;
  },
};

export const OUTAGE_EVERY_DAYS = 5;

/** One outage of a fixed length in every 5-day block, at a random moment: how big breaks it? */
export function fixedOutages(lengthMinutes: number): Outages {
  return {
    name: `one of ${lengthMinutes / HOUR} h in every ${OUTAGE_EVERY_DAYS} days`,
    draw(random, days) {
      const spells: Array<[number, number]> = [];
      const block = OUTAGE_EVERY_DAYS * DAY;
      for (let from = 0; from + block <= days * DAY; from += block) {
        const start = from + random.uniform(0, block - lengthMinutes);
        spells.push([start, start + lengthMinutes]);
      }
      return spells;
    },
  };
}

/** How the link reaches the pods. */
export type Flow = 'helm' | 'gitops';

/**
 * GitOps: the run commits the values file (a pull request with auto-merge once checks pass), the
 * controller syncs it. Merge: 2 minutes of checks plus a wait with a mean of 8 minutes. Sync: a
 * controller that polls every 3 minutes (Argo CD's default), so 0 to 3 minutes.
 */
export function mergeDelay(random: Random): number {
  return 2 * MINUTE + random.exponential(8 * MINUTE);
}
export function syncDelay(random: Random): number {
  return random.uniform(0, 3 * MINUTE);
}

/**
 * How long a run takes, from its start to the moment the service hands out the link, and from
 * there to the end of the rollout. A publish waits for an export (10 minutes); a keep-alive
 * refresh asks for a new link to the same export (about a minute with set-up).
 */
export const PUBLISH_TO_LINK = 10 * MINUTE;
export const REFRESH_TO_LINK = 1 * MINUTE;
export const ROLLOUT = 2 * MINUTE;

/**
 * Requests to the service. A publish: start the export, the status checks of a 10-minute export
 * (29, the median in docs/performance.md), generate the bundle: 31. A keep-alive refresh: get the
 * export job (the service confirms it) and generate the bundle: 2. A skipped keep-alive: none.
 */
export const PUBLISH_REQUESTS = 31;
export const REFRESH_REQUESTS = 2;

/** Pods: 3 replicas, all restarted by a rollout; and restarts at random, 4 a day on average. */
export const REPLICAS = 3;
export const RANDOM_RESTARTS_PER_DAY = 4;

/** The link lifetimes the service might choose (the contract does not say). */
export const LIFETIMES = [1 * HOUR, 6 * HOUR, 24 * HOUR, 7 * DAY];
