/**
 * The schedule watchdog. Pods fetch the bundle when they start, so the workflow must run again
 * before the link it wrote expires. This reads the run's own workflow file (GITHUB_WORKFLOW_REF
 * names it; it is read from the checked-out workspace), takes its `on.schedule` crons, and finds
 * the longest gap between two consecutive scheduled runs over the next 14 days, with cron-parser
 * (GitHub's cron is UTC). A missing file or schedule is not an error: the caller says so in the
 * debug log.
 */
import { readFile } from 'node:fs/promises';
import { isAbsolute, relative, resolve } from 'node:path';
import { parse } from 'yaml';
import { formatDuration, formatSpan, parseDuration } from '../shared/duration.js';
import { printable } from '../shared/text.js';

export interface WorkflowContext {
  /** GITHUB_WORKFLOW_REF: `owner/repo/.github/workflows/file.yml@refs/heads/main`. */
  workflowRef: string | undefined;
  /** GITHUB_WORKSPACE, where the repository is checked out. */
  workspace: string;
  /** GITHUB_EVENT_PATH: the default branch and visibility (schedule-rules.ts). */
  eventPath?: string;
}

export interface WorkflowSchedule {
  /** The workflow file, relative to the repository (`.github/workflows/publish-docs.yml`). */
  file: string;
  crons: string[];
}

export interface ScheduleGap {
  ms: number;
  /** The two scheduled runs around the gap (epoch ms). */
  from: number;
  to: number;
}

/** How far ahead the schedule is read. */
export const HORIZON_MS = 14 * 86_400_000;
/** Every minute for the horizon, plus the next run after it. */
const MAX_TIMES_PER_CRON = HORIZON_MS / 60_000 + 2;

/** The workflow file's path in the repository, from GITHUB_WORKFLOW_REF; undefined if unusable. */
export function workflowPath(workflowRef: string): string | undefined {
  return /^[^/]+\/[^/]+\/(\.github\/workflows\/[^@]+\.ya?ml)@/.exec(workflowRef)?.[1];
}

/** The run's workflow schedule, or why there is none to check (for the debug log). */
export async function readSchedule(
  context: WorkflowContext,
): Promise<WorkflowSchedule | { none: string }> {
  if (!context.workflowRef) return { none: 'GITHUB_WORKFLOW_REF is not set' };
  const file = workflowPath(context.workflowRef);
  if (!file)
    return {
      none: `GITHUB_WORKFLOW_REF ("${printable(context.workflowRef)}") names no workflow file`,
    };
  const read = await readWorkflow(context.workspace, file);
  return 'none' in read ? read : { file, crons: read.crons };
}

/** A workflow file of the checked-out repository: its crons (none: an empty list) and its data. */
async function readWorkflow(
  workspace: string,
  file: string,
): Promise<{ crons: string[]; workflow: unknown } | { none: string }> {
  const root = resolve(workspace);
  const path = resolve(root, file);
  const rel = relative(root, path);
  if (rel.startsWith('..') || isAbsolute(rel)) return { none: `${file} is outside the workspace` };
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    return {
      none: `${file} cannot be read from the workspace (${(error as NodeJS.ErrnoException).code ?? 'error'}; check the repository out before this step to have its schedule checked)`,
    };
  }
  let workflow: unknown;
  try {
    workflow = parse(text);
  } catch {
    return { none: `${file} is not valid YAML` };
  }
  const on = (workflow as { on?: unknown } | null)?.on;
  const entries = (on as { schedule?: unknown } | null)?.schedule;
  const crons = Array.isArray(entries)
    ? entries
        .map((entry) => (entry as { cron?: unknown } | null)?.cron)
        .filter((cron): cron is string => typeof cron === 'string' && cron.trim() !== '')
        .map((cron) => cron.trim())
    : [];
  if (crons.length === 0) return { none: `${file} has no on.schedule` };
  return { crons, workflow };
}

/** A keep-alive named by keep-alive-workflow: its schedule and the refresh-before of its steps. */
export interface KeepAliveSchedule extends WorkflowSchedule {
  /** The shortest refresh-before of its steps for this site (the smallest window decides). */
  refreshBeforeMs: number;
}

/**
 * What names the site a publish serves, as its step's `with:` spells it: a keep-alive step that
 * gives one of these differently keeps another site's link alive.
 */
export type SiteInputs = Partial<Record<'domain' | 'helm-release' | 'values-file', string>>;

/** refresh-before's bounds, as the action holds them (a value outside fails every keep-alive). */
export const REFRESH_BEFORE_BOUNDS = { minMs: 60_000, maxMs: 7 * 86_400_000 } as const;

/**
 * The keep-alive workflow that a content publish names: its crons, and the `refresh-before` its
 * steps for the same site pass (`jobs.<id>.steps[].with`). A value written as an expression cannot
 * be read here; one the action would refuse is said, as is a keep-alive only of other sites.
 * `site` is as this run read its inputs; `hostOf` reads a step's `domain` the same way (the
 * domain input's rule, publish/domain.ts; undefined for one the action would refuse).
 */
export async function readKeepAlive(
  workspace: string,
  file: string,
  site: SiteInputs,
  hostOf: (domain: string) => string | undefined,
): Promise<KeepAliveSchedule | { none: string }> {
  const read = await readWorkflow(workspace, file);
  if ('none' in read) return read;
  const steps = keepAliveSteps(read.workflow);
  if (steps.length === 0) return { none: `${file} has no step with refresh-before` };
  const mine = steps.filter((inputs) => sameSite(inputs, site, hostOf));
  if (mine.length === 0)
    return {
      none: `no step of ${file} with refresh-before serves this site (${describeSite(site)}); its steps keep another site's link alive`,
    };
  const values = mine.map((inputs) => String(inputs['refresh-before']).trim());
  const unreadable = values.find((value) => parseDuration(value) === undefined);
  if (unreadable !== undefined)
    return {
      none: `the refresh-before of ${file} ('${printable(unreadable)}') is not a duration the watchdog can read (an expression is only known when that workflow runs)`,
    };
  const refreshBeforeMs = Math.min(...values.map((value) => parseDuration(value)!));
  const { minMs, maxMs } = REFRESH_BEFORE_BOUNDS;
  if (refreshBeforeMs < minMs || refreshBeforeMs > maxMs)
    return {
      none: `the refresh-before of ${file} (${formatSpan(refreshBeforeMs)}) is outside ${formatSpan(minMs)} to ${formatSpan(maxMs)}, so every run of that workflow fails`,
    };
  return { file, crons: read.crons, refreshBeforeMs };
}

/** The `with:` of every step that passes refresh-before (a YAML number counts: GitHub passes text). */
function keepAliveSteps(workflow: unknown): Record<string, unknown>[] {
  const jobs = (workflow as { jobs?: unknown }).jobs;
  const found: Record<string, unknown>[] = [];
  for (const job of Object.values(isRecord(jobs) ? jobs : {})) {
    const steps = isRecord(job) && Array.isArray(job.steps) ? (job.steps as unknown[]) : [];
    for (const step of steps) {
      const inputs = isRecord(step) && isRecord(step.with) ? step.with : {};
      const value = inputs['refresh-before'];
      if ((typeof value === 'string' && value.trim() !== '') || typeof value === 'number')
        found.push(inputs);
    }
  }
  return found;
}

/** A step serves this site unless it names a domain, release or values file that differs. */
function sameSite(
  inputs: Record<string, unknown>,
  site: SiteInputs,
  hostOf: (domain: string) => string | undefined,
): boolean {
  return (Object.entries(site) as [keyof SiteInputs, string | undefined][]).every(([key, mine]) => {
    const theirs = inputs[key];
    if (mine === undefined || typeof theirs !== 'string' || theirs.includes('${{')) return true;
    // The first line, as the action reads a list input's first entry.
    const text = theirs.trim().split(/\r?\n/)[0]!.trim();
    if (key === 'domain') return hostOf(text) === mine;
    return key === 'values-file'
      ? text.replace(/^\.\//, '') === mine.replace(/^\.\//, '')
      : text === mine;
  });
}

const describeSite = (site: SiteInputs): string =>
  Object.entries(site)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key} ${printable(value)}`)
    .join(', ') || 'no domain, release or values file given';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

type CronParser = (typeof import('cron-parser'))['CronExpressionParser'];

/** The scheduled runs of one cron from `now`: through the horizon, and at least two. */
function runTimes(parser: CronParser, cron: string, now: number): number[] {
  if (cron.split(/\s+/).length !== 5) throw new Error("GitHub's cron has five fields");
  const expression = parser.parse(cron, { currentDate: new Date(now), tz: 'UTC' });
  const times: number[] = [];
  while (times.length < MAX_TIMES_PER_CRON) {
    const next = expression.next().getTime();
    times.push(next);
    if (next > now + HORIZON_MS && times.length >= 2) break;
  }
  return times;
}

/**
 * The longest wait between two consecutive runs of the whole schedule (every cron together) that
 * starts within the next 14 days, and the crons that could not be read (with why).
 */
export async function longestGap(
  crons: string[],
  now: number,
): Promise<{ gap: ScheduleGap | undefined; unreadable: string[] }> {
  // Loaded here, the first time a schedule is read: a run that reads none never loads it (the
  // bundle keeps it in a chunk of its own).
  const { CronExpressionParser } = await import('cron-parser');
  const unreadable: string[] = [];
  const all = new Set<number>();
  for (const cron of crons) {
    try {
      for (const time of runTimes(CronExpressionParser, cron, now)) all.add(time);
    } catch (error) {
      unreadable.push(`'${printable(cron)}' (${(error as Error).message})`);
    }
  }
  const times = [...all].sort((a, b) => a - b);
  let gap: ScheduleGap | undefined;
  for (let i = 1; i < times.length; i++) {
    const from = times[i - 1]!;
    const to = times[i]!;
    if (from > now + HORIZON_MS) break;
    if (!gap || to - from > gap.ms) gap = { ms: to - from, from, to };
  }
  return { gap, unreadable };
}

/**
 * A cron that runs at least twice per link lifetime (GitHub delays, and sometimes drops, runs).
 * The lifetime is taken to the minute: a link that lives 6h is read a moment later as 5h59m59s.
 */
export function suggestedCron(lifetimeMs: number): string {
  const half = (Math.round(lifetimeMs / 60_000) * 60_000) / 2;
  if (half >= 86_400_000) return '17 3 * * *';
  const hours = [12, 8, 6, 4, 3, 2, 1].find((h) => h * 3_600_000 <= half);
  if (hours === 1) return '17 * * * *';
  if (hours !== undefined) return `17 */${hours} * * *`;
  return half >= 30 * 60_000 ? '*/30 * * * *' : '*/15 * * * *';
}

const utc = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace('T', ' ')
    .replace(/:\d\d\.\d+Z$/, ' UTC');

/** The warning for a schedule whose longest gap outlives the link. */
/** What to do about a bundle-url that dies too soon: a run publishes it again, it does not renew it. */
export const SIGN_BUNDLE_URL_LONGER =
  'Sign bundle-url for longer (or give an address that does not expire), or sign a new one in every run and run the workflow more often than it lives';

export function scheduleWarning(
  schedule: WorkflowSchedule,
  gap: ScheduleGap,
  lifetimeMs: number,
  expiresAt: string,
  /** The link is bundle-url's own presigned link: a run publishes it again, it does not renew it. */
  ownLink = false,
): string {
  const crons = schedule.crons.map((cron) => `'${printable(cron)}'`).join(', ');
  const often = `e.g. cron '${suggestedCron(lifetimeMs)}' (GitHub delays scheduled runs at busy times)`;
  return (
    `The schedule of ${schedule.file} (cron ${crons}, UTC) leaves up to ${formatSpan(gap.ms)} between runs ` +
    `(${utc(gap.from)} to ${utc(gap.to)}), but the bundle link lives ${formatSpan(lifetimeMs)} (it expires ${expiresAt}): ` +
    'a pod that starts after the link expires cannot fetch the site. ' +
    (ownLink
      ? `${SIGN_BUNDLE_URL_LONGER}, ${often}.`
      : `Run the workflow more often than the link lives, ${often}, ` +
        'or mirror the bundle to storage of your own and publish it with bundle-url, which does not expire.')
  );
}

/**
 * The delay a keep-alive's window must allow for beyond its schedule's longest gap: two more gaps
 * (two runs in a row late or dropped) and half an hour (a common delay at busy times). Read off
 * `npm run simulate`'s calibration table (docs/keep-alive.md): the largest refresh-before with
 * dead minutes was 1 h at a 15-minute gap, 2 h at 30 minutes, 3 h at 1 hour, and at a 2-hour gap
 * even 6 h on 6-hour links; the rule asks for more than 1 h 15 min, 2 h, 3½ h and 6½ h.
 */
export function delayAllowance(gapMs: number): number {
  return 2 * gapMs + 1_800_000;
}

/**
 * Whether a keep-alive holds: a link is replaced only by a run inside [expiry − refresh-before,
 * expiry], and a refresh-before at or above the link's lifetime makes every run replace it, so the
 * window is the shorter of the two. It holds when the gap plus the allowance fits in the window.
 */
export function keepAliveHolds(
  gapMs: number,
  refreshBeforeMs: number,
  lifetimeMs: number,
): boolean {
  return gapMs + delayAllowance(gapMs) < Math.min(refreshBeforeMs, lifetimeMs);
}

/**
 * A keep-alive that leaves a fresh link alone for less than its schedule's gap (the link's
 * lifetime less refresh-before, none when refresh-before is not shorter): nearly every run
 * replaces the link and rolls it out, the cost a keep-alive is there to avoid. Its warning, or
 * undefined when runs are left to skip.
 */
export function everyRunRefreshes(
  file: string,
  gapMs: number,
  refreshBeforeMs: number,
  lifetimeMs: number,
): string | undefined {
  const fresh = lifetimeMs - refreshBeforeMs;
  // A minute of slack: the lifetime is measured from when the answer came, a little after issue.
  if (fresh + 60_000 >= gapMs) return undefined;
  const low = gapMs + delayAllowance(gapMs);
  const high = lifetimeMs - gapMs;
  return (
    `refresh-before (${formatDuration(refreshBeforeMs)}) leaves a new link alone for ${fresh > 0 ? `only ${formatDuration(fresh)}` : 'no time at all'} of its lifetime (${formatSpan(lifetimeMs)}), less than the ${formatSpan(gapMs)} between runs of ${file}: nearly every run replaces the link and rolls it out. ` +
    (low < high
      ? `Set refresh-before between ${formatDuration(low)} and ${formatDuration(high)}.`
      : 'Run the keep-alive more often, or mirror the bundle and publish it with bundle-url.')
  );
}

/** A keep-alive cron whose gap, with its allowance, fits in the window; undefined: none does. */
export function keepAliveCron(windowMs: number): string | undefined {
  for (const minutes of [60, 30, 20, 15, 10, 5]) {
    const gap = minutes * 60_000;
    if (gap + delayAllowance(gap) >= windowMs) continue;
    return minutes === 60 ? '7 * * * *' : `${7 % minutes}-59/${minutes} * * * *`;
  }
  return undefined;
}

/** The warning for a keep-alive whose window is too short for its schedule. */
export function keepAliveWarning(
  schedule: WorkflowSchedule,
  gap: ScheduleGap,
  refreshBeforeMs: number,
  lifetimeMs: number,
  expiresAt: string,
): string {
  const crons = schedule.crons.map((cron) => `'${printable(cron)}'`).join(', ');
  const needed = gap.ms + delayAllowance(gap.ms);
  const window =
    refreshBeforeMs < lifetimeMs
      ? `refresh-before (${formatSpan(refreshBeforeMs)})`
      : `the link's lifetime (${formatSpan(lifetimeMs)}; refresh-before, ${formatSpan(refreshBeforeMs)}, is not shorter, so every run replaces the link)`;
  const cron = keepAliveCron(Math.min(refreshBeforeMs, lifetimeMs));
  const fixes: string[] = [];
  // Below the lifetime less one gap, or nearly every run would refresh (everyRunRefreshes).
  if (needed < lifetimeMs - gap.ms)
    fixes.push(
      `set refresh-before above ${formatDuration(needed)} and at most ${formatDuration(lifetimeMs - gap.ms)} (the link's lifetime of ${formatSpan(lifetimeMs)} less one gap between runs)`,
    );
  if (cron) fixes.push(`run the keep-alive more often, e.g. cron '${cron}'`);
  fixes.push('mirror the bundle to storage of your own and publish it with bundle-url');
  return (
    `The schedule of ${schedule.file} (cron ${crons}, UTC) leaves up to ${formatSpan(gap.ms)} between runs ` +
    `(${utc(gap.from)} to ${utc(gap.to)}), and a run replaces the link (it expires ${expiresAt}) only within ${window} before it expires. ` +
    `GitHub delays and drops scheduled runs: that window should be longer than ${formatSpan(needed)} (the gap plus ${formatSpan(delayAllowance(gap.ms))} of delays), ` +
    'or a pod that starts after the link expires cannot fetch the site. ' +
    `Either ${fixes.join(', or ')}.`
  );
}
