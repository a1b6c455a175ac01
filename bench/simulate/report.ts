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
import { keepAliveHolds } from '../../src/github/schedule.js';

export interface ReportOptions {
  days: number;
  seeds: number[];
  /** Outage lengths (hours) for the outage table; empty: no such table. */
  outageHours: number[];
  /** Print the watchdog's calibration table (keep-alive gaps against refresh-before). */
  calibrate: boolean;
}

/** The keep-alive of examples/workflows/keep-alive.yml: every 30 minutes, at minutes 7 and 37. */
export const KEEP_ALIVE = { period: 30, offset: 7 };

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

/**
 * A 1-hour link leaves the 30-minute keep-alive no room for one late run; the table also shows
 * keep-alives every 15 and every 5 minutes (GitHub's shortest schedule) there, to say what a
 * 1-hour link would cost.
 */
const SHORT_LINK_PERIODS = [15, 5];

function strategies(lifetime: number): Array<{ label: string; strategy: Strategy }> {
  const refreshBefore = refreshBeforeFor(lifetime);
  const keepAlive = (period: number, offset: number) => ({
    label: `daily + keep-alive every ${period} min, refresh-before ${span(refreshBefore)}`,
    strategy: { kind: 'keep-alive' as const, period, offset, refreshBefore },
  });
  return [
    { label: 'daily (today)', strategy: { kind: 'daily' } },
    keepAlive(KEEP_ALIVE.period, KEEP_ALIVE.offset),
    ...(lifetime <= HOUR
      ? SHORT_LINK_PERIODS.map((period) => keepAlive(period, KEEP_ALIVE.offset % period))
      : []),
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
    '| flow | strategy | link lifetime | dead minutes, all seeds | worst seed | pod starts that met a dead link | requests to the service per day | watchdog |',
    '| --- | --- | --- | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const flow of FLOWS) {
    for (const lifetime of LIFETIMES) {
      for (const { label, strategy } of strategies(lifetime)) {
        const sum = run(options, strategy, flow, lifetime, outages);
        const perDay = sum.requests / (sum.worlds * options.days);
        lines.push(
          `| ${flow === 'helm' ? 'helm rollout' : 'GitOps'} | ${label} | ${span(lifetime)} | ${Math.round(sum.dead)} | ${Math.round(sum.worst)} | ${sum.deadPodStarts} of ${sum.podStarts} | ${perDay.toFixed(1)} | ${warns(strategy, lifetime) ? 'warns' : 'quiet'} |`,
        );
      }
    }
  }
  return lines;
}

/**
 * Whether the action's watchdog warns about this schedule (src/github/schedule.ts). Today's rule
 * for a plain schedule: the gap (a day) is not shorter than the link's lifetime, as measured at
 * the end of the run, a little under the lifetime. The keep-alive's rule: keepAliveHolds.
 */
function warns(strategy: Strategy, lifetime: number): boolean {
  if (strategy.kind === 'mirror') return false;
  if (strategy.kind === 'daily') return DAY >= lifetime;
  return !keepAliveHolds(
    strategy.period * 60_000,
    strategy.refreshBefore * 60_000,
    lifetime * 60_000,
  );
}

/** The gaps and refresh-before values of the calibration table (minutes). */
const CALIBRATION_GAPS = [15, 30, 60, 120];
const CALIBRATION_REFRESH = [60, 90, 120, 150, 180, 210, 240, 270, 300, 330, 360];

function calibrationTable(options: ReportOptions): string[] {
  const lines = [
    `| keep-alive every | ${CALIBRATION_REFRESH.map((m) => `refresh-before ${span(m)}`).join(' | ')} |`,
    `| --- | ${CALIBRATION_REFRESH.map(() => '---:').join(' | ')} |`,
  ];
  for (const period of CALIBRATION_GAPS) {
    const cells = CALIBRATION_REFRESH.map((refreshBefore) => {
      let dead = 0;
      let warned = false;
      for (const lifetime of [6 * HOUR, DAY]) {
        const strategy: Strategy = {
          kind: 'keep-alive',
          period,
          offset: 7 % period,
          refreshBefore,
        };
        warned ||= warns(strategy, lifetime);
        for (const flow of FLOWS) dead += run(options, strategy, flow, lifetime, NO_OUTAGES).dead;
      }
      return `${Math.round(dead)}${warned ? ' ⚠' : ''}`;
    });
    lines.push(`| ${span(period)} | ${cells.join(' | ')} |`);
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
        const baseline = run(
          options,
          { kind: 'keep-alive', ...KEEP_ALIVE, refreshBefore },
          flow,
          lifetime,
          outages,
        );
        return `${Math.round(baseline.dead)}`;
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
      `Dead minutes of daily + keep-alive, all seeds, with one outage of the given length at a random moment in every ${OUTAGE_EVERY_DAYS} days (${Math.floor(options.days / OUTAGE_EVERY_DAYS) * options.seeds.length} outages in each cell; ordinary delays besides).`,
      '',
      ...outageTable(options),
    );
  }
  if (options.calibrate) {
    out.push(
      '',
      "### The watchdog's thresholds",
      '',
      'Dead minutes of a keep-alive, all seeds, 6-hour and 24-hour links, helm rollouts and GitOps together, ordinary delays; ⚠: the watchdog warns (for either lifetime).',
      '',
      ...calibrationTable(options),
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
