/**
 * One simulated world: a schedule of runs as GitHub starts them, the service issuing links, a
 * cluster (direct helm rollouts or a GitOps flow) and pods that fetch the deployed link when they
 * start. Event by event, in time order; the same config and seed give the same result.
 *
 * The keep-alive decides as the action does: the service's links are SigV4-shaped
 * (X-Amz-Date + X-Amz-Expires), their expiry is read with the action's own reader
 * (src/shared/expiry.ts) and the decision is the action's own (keepsLink, src/publish/keep-alive.ts).
 */
import { linkExpiry } from '../../src/shared/expiry.js';
import { keepsLink } from '../../src/publish/keep-alive.js';
import {
  DAY,
  MINUTE,
  PUBLISH_REQUESTS,
  PUBLISH_TO_LINK,
  RANDOM_RESTARTS_PER_DAY,
  REFRESH_REQUESTS,
  REFRESH_TO_LINK,
  REPLICAS,
  ROLLOUT,
  mergeDelay,
  syncDelay,
  type Delays,
  type Flow,
  type Outages,
} from './model.js';
import { seeded } from './random.js';
import { Queue } from './queue.js';

/** Minute 0 of every world (a Thursday): links carry real dates. */
export const EPOCH_MS = Date.parse('2026-01-01T00:00:00Z');
/** The daily content publish: 03:17 UTC. */
export const DAILY_AT = 3 * 60 + 17;

export type Strategy =
  /** Today: one publish a day, nothing else renews the link. */
  | { kind: 'daily' }
  /** The daily publish plus a keep-alive run every `period` minutes at `offset`, with refresh-before. */
  | { kind: 'keep-alive'; period: number; offset: number; refreshBefore: number }
  /** The daily publish mirrors the bundle to the team's bucket: a link that does not expire. */
  | { kind: 'mirror' };

export interface WorldConfig {
  seed: number;
  days: number;
  strategy: Strategy;
  flow: Flow;
  /** Minutes a link lives from the moment the service issues it. */
  lifetime: number;
  delays: Delays;
  outages: Outages;
  /** Random pod restarts per day (default RANDOM_RESTARTS_PER_DAY). */
  restartsPerDay?: number;
}

export interface WorldResult {
  /** Minutes in which the deployed link was expired. */
  deadMinutes: number;
  podStarts: number;
  /** Pod starts at a moment the deployed link was expired: those pods cannot fetch the site. */
  deadPodStarts: number;
  /** Requests to the service. */
  requests: number;
  publishes: number;
  refreshes: number;
  skips: number;
  /** Scheduled runs that GitHub never started (dropped, or in an outage). */
  dropped: number;
}

interface Link {
  issuedAt: number;
  expiresAt: number;
  url: string;
}

type Event =
  | { type: 'run'; run: 'publish' | 'keep-alive' }
  | { type: 'merge'; link: Link }
  | { type: 'deploy'; link: Link }
  | { type: 'restart' };

export function simulate(config: WorldConfig): WorldResult {
  const { days, strategy, flow, lifetime } = config;
  const end = days * DAY;
  const random = seeded(config.seed);
  const runs = random.fork('github');
  const cluster = random.fork('cluster');
  const pods = random.fork('pods');
  const outages = config.outages.draw(random.fork('outages'), days);
  const result: WorldResult = {
    deadMinutes: 0,
    podStarts: 0,
    deadPodStarts: 0,
    requests: 0,
    publishes: 0,
    refreshes: 0,
    skips: 0,
    dropped: 0,
  };
  const queue = new Queue<Event>();

  const issue = (at: number): Link => {
    if (strategy.kind === 'mirror') return { issuedAt: at, expiresAt: Infinity, url: MIRROR_URL };
    // A presigned link is signed to the second.
    const signed = Math.floor(at * 60) / 60;
    return { issuedAt: at, expiresAt: signed + lifetime, url: sigV4Link(signed, lifetime) };
  };
  const first = issue(0);
  let deployed = first;
  /** GitOps: the link in the repository's default branch (what the next run reads). */
  let desired = first;
  let deployedSince = 0;

  const deploy = (link: Link, at: number) => {
    if (link.issuedAt <= deployed.issuedAt) return;
    result.deadMinutes += deadBetween(deployed, deployedSince, at);
    deployed = link;
    deployedSince = at;
    for (let i = 0; i < REPLICAS; i++) podStart(at);
  };
  const podStart = (at: number) => {
    result.podStarts++;
    if (deployed.expiresAt <= at) result.deadPodStarts++;
  };
  const ship = (link: Link) => {
    if (flow === 'helm') queue.push(link.issuedAt + ROLLOUT, { type: 'deploy', link });
    else queue.push(link.issuedAt + MINUTE + mergeDelay(cluster), { type: 'merge', link });
  };

  // The schedule as GitHub runs it: each cron time starts a run after a delay, or never.
  const schedule = (at: number, run: 'publish' | 'keep-alive') => {
    const delay = config.delays.draw(runs);
    if (delay === undefined || outages.some(([from, to]) => at >= from && at < to)) {
      result.dropped++;
      return;
    }
    queue.push(at + delay, { type: 'run', run });
  };
  for (let at = DAILY_AT; at < end; at += DAY) schedule(at, 'publish');
  if (strategy.kind === 'keep-alive') {
    for (let at = strategy.offset; at < end; at += strategy.period) schedule(at, 'keep-alive');
  }
  const rate = (config.restartsPerDay ?? RANDOM_RESTARTS_PER_DAY) / DAY;
  if (rate > 0) {
    for (let at = pods.exponential(1 / rate); at < end; at += pods.exponential(1 / rate)) {
      queue.push(at, { type: 'restart' });
    }
  }

  for (let next = queue.pop(); next && next.at < end; next = queue.pop()) {
    const { at, event } = next;
    switch (event.type) {
      case 'restart':
        podStart(at);
        break;
      case 'deploy':
        deploy(event.link, at);
        break;
      case 'merge':
        if (event.link.issuedAt > desired.issuedAt) desired = event.link;
        queue.push(at + syncDelay(cluster), { type: 'deploy', link: event.link });
        break;
      case 'run':
        if (event.run === 'publish') {
          result.publishes++;
          result.requests += PUBLISH_REQUESTS;
          ship(issue(at + PUBLISH_TO_LINK));
          break;
        }
        if (strategy.kind !== 'keep-alive') break;
        {
          // With helm-release the run reads the deployed release; in GitOps, the repository.
          const seen = flow === 'helm' ? deployed : desired;
          const expiry = linkExpiry(seen.url).expiresAt;
          if (keepsLink(expiry, EPOCH_MS + at * 60_000, strategy.refreshBefore * 60_000)) {
            result.skips++;
          } else {
            result.refreshes++;
            result.requests += REFRESH_REQUESTS;
            ship(issue(at + REFRESH_TO_LINK));
          }
        }
        break;
    }
  }
  result.deadMinutes += deadBetween(deployed, deployedSince, end);
  return result;
}

/** The minutes in [from, to) in which this link was expired. */
function deadBetween(link: Link, from: number, to: number): number {
  return Math.max(0, to - Math.max(from, link.expiresAt));
}

const MIRROR_URL = 'https://docs-bundles.example.com/site.tar.gz';

/** A link shaped like the service's: an S3 SigV4 presigned URL naming its export job. */
function sigV4Link(signedAt: number, lifetime: number): string {
  const date = new Date(EPOCH_MS + signedAt * 60_000)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  const seconds = Math.round(lifetime * 60);
  return `https://bundles.example.com/exports/se_3f9a2c1b8e7d4a06/site.tar.gz?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Date=${date}&X-Amz-Expires=${seconds}&X-Amz-SignedHeaders=host&X-Amz-Signature=0`;
}
