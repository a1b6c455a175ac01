/**
 * The tables `npm run simulate` prints: per strategy and link lifetime, the minutes the deployed
 * link was dead, the pod starts that met a dead link and the requests to the service; then how big
 * an outage the keep-alive survives. Text only, built from the worlds' results as they come: the
 * same options give the same text.
 */
import {
  DAY,
  GITHUB_DELAYS,
  HOUR,
  LIFETIMES,
  NO_OUTAGES,
  OUTAGE_EVERY_DAYS,
  RANDOM_OUTAGES,
  fixedOutages,
  type Flow,
  type Outages,
} from './model.js';
import { simulate, type Strategy, type WorldResult } from './world.js';

export interface ReportOptions {
  days: number;
  seeds: number[];
  /** Outage lengths (hours) for the outage table; empty: no such table. */
  outageHours: number[];
}

/** The keep-alive of examples/workflows/keep-alive.yml: every 30 minutes, at minutes 13 and 43. */
export const KEEP_ALIVE = { period: 30, offset: 13 };

/**
 * refresh-before for each lifetime, as docs/keep-alive.md advises: well above the schedule's gap
 * plus GitHub's delays, below the lifetime (a 1-hour link leaves no room for both).
 */
export function refreshBeforeFor(lifetime: number): number {
  if (lifetime <= HOUR) return 50;
  if (lifetime <= 6 * HOUR) return 3 * HOUR;
  return 6 * HOUR;
}

const FLOWS: Flow[] = ['helm', 'gitops'];

function strategies(lifetime: number): Array<{ label: string; strategy: Strategy }> {
  const refreshBefore = refreshBeforeFor(lifetime);
  return [
    { label: 'daily (today)', strategy: { kind: 'daily' } },
    {
      label: `daily + keep-alive every ${KEEP_ALIVE.period} min, refresh-before ${span(refreshBefore)}`,
      strategy: { kind: 'keep-alive', ...KEEP_ALIVE, refreshBefore },
    },
    { label: 'daily, bundle-url mirror', strategy: { kind: 'mirror' } },
  ];
}

interface Sum {
  dead: number;
  worst: number;
  podStarts: number;
  deadPodStarts: number;
  requests: number;
  worlds: number;
}

function run(
  options: ReportOptions,
  strategy: Strategy,
  flow: Flow,
  lifetime: number,
  outages: Outages,
): Sum {
  const sum: Sum = { dead: 0, worst: 0, podStarts: 0, deadPodStarts: 0, requests: 0, worlds: 0 };
  for (const seed of options.seeds) {
    const world: WorldResult = simulate({
      seed,
      days: options.days,
      strategy,
      flow,
      lifetime,
      delays: GITHUB_DELAYS,
      outages,
    });
    sum.dead += world.deadMinutes;
    sum.worst = Math.max(sum.worst, world.deadMinutes);
    sum.podStarts += world.podStarts;
    sum.deadPodStarts += world.deadPodStarts;
    sum.requests += world.requests;
    sum.worlds++;
  }
  return sum;
}

function strategyTable(options: ReportOptions, outages: Outages): string[] {
  const lines = [
    '| flow | strategy | link lifetime | dead minutes, all seeds | worst seed | pod starts that met a dead link | requests to the service per day |',
    '| --- | --- | --- | ---: | ---: | ---: | ---: |',
  ];
  for (const flow of FLOWS) {
    for (const lifetime of LIFETIMES) {
      for (const { label, strategy } of strategies(lifetime)) {
        const sum = run(options, strategy, flow, lifetime, outages);
        const perDay = sum.requests / (sum.worlds * options.days);
        lines.push(
          `| ${flow === 'helm' ? 'helm rollout' : 'GitOps'} | ${label} | ${span(lifetime)} | ${Math.round(sum.dead)} | ${Math.round(sum.worst)} | ${sum.deadPodStarts} of ${sum.podStarts} | ${perDay.toFixed(1)} |`,
        );
      }
    }
  }
  return lines;
}

function outageTable(options: ReportOptions): string[] {
  const lines = [
    `| flow | link lifetime | refresh-before | ${options.outageHours.map((h) => `${h} h outage`).join(' | ')} |`,
    `| --- | --- | --- | ${options.outageHours.map(() => '---:').join(' | ')} |`,
  ];
  for (const flow of FLOWS) {
    for (const lifetime of LIFETIMES) {
      const refreshBefore = refreshBeforeFor(lifetime);
      const cells = options.outageHours.map((hours) => {
        const outages = fixedOutages(hours * HOUR);
        const count = Math.floor(options.days / OUTAGE_EVERY_DAYS);
        const baseline = run(
          options,
          { kind: 'keep-alive', ...KEEP_ALIVE, refreshBefore },
          flow,
          lifetime,
          outages,
        );
        return `${Math.round(baseline.dead)} min (${count * options.seeds.length} outages)`;
      });
      lines.push(
        `| ${flow === 'helm' ? 'helm rollout' : 'GitOps'} | ${span(lifetime)} | ${span(refreshBefore)} | ${cells.join(' | ')} |`,
      );
    }
  }
  return lines;
}

export function report(options: ReportOptions): string {
  const seeds = options.seeds.join(', ');
  const out = [
    `${options.days} simulated days, seeds ${seeds}. Scheduled runs: ${GITHUB_DELAYS.name}.`,
    '',
    '### Ordinary delays (no outage)',
    '',
    ...strategyTable(options, NO_OUTAGES),
    '',
    `### With outages (${RANDOM_OUTAGES.name}, every scheduled run in them dropped)`,
    '',
    ...strategyTable(options, RANDOM_OUTAGES),
  ];
  if (options.outageHours.length > 0) {
    out.push(
      '',
      '### How big an outage the keep-alive survives',
      '',
      `Dead minutes of daily + keep-alive, all seeds, with one outage of the given length at a random moment in every ${OUTAGE_EVERY_DAYS} days (ordinary delays besides).`,
      '',
      ...outageTable(options),
    );
  }
  return out.join('\n') + '\n';
}

/** 50 min, 3 h, 7 d. */
export function span(minutes: number): string {
  if (minutes >= DAY && minutes % DAY === 0) return `${minutes / DAY} d`;
  if (minutes >= HOUR && minutes % HOUR === 0) return `${minutes / HOUR} h`;
  return `${minutes} min`;
}
