import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hostOf } from '../../src/publish/domain.js';
import { formatSpan } from '../../src/shared/duration.js';
import {
  delayAllowance,
  everyRunRefreshes,
  keepAliveCron,
  keepAliveHolds,
  keepAliveWarning,
  longestGap,
  readKeepAlive,
  readSchedule,
  scheduleWarning,
  suggestedCron,
  workflowPath,
} from '../../src/github/schedule.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A Wednesday, at noon UTC. */
const NOW = Date.parse('2026-11-25T12:00:00Z');

describe('longestGap (cron-parser, UTC, next 14 days)', () => {
  it('a weekly cron: 7 days, between two Mondays at 03:00 UTC', async () => {
    const { gap, unreadable } = await longestGap(['0 3 * * 1'], NOW);
    expect(unreadable).toEqual([]);
    expect(gap).toEqual({
      ms: 7 * DAY,
      from: Date.parse('2026-11-30T03:00:00Z'),
      to: Date.parse('2026-12-07T03:00:00Z'),
    });
  });

  it('a daily cron: 1 day; every 6 hours: 6 hours', async () => {
    expect((await longestGap(['17 3 * * *'], NOW)).gap?.ms).toBe(DAY);
    expect((await longestGap(['17 */6 * * *'], NOW)).gap?.ms).toBe(6 * HOUR);
  });

  it('several crons are one schedule: the gap is between any two consecutive runs', async () => {
    // Weekdays at 03:00 and Saturdays at 15:00: Friday 03:00 → Saturday 15:00 and Saturday
    // 15:00 → Monday 03:00 are both 36 h (the first is reported); alone, each cron waits longer.
    const { gap } = await longestGap(['0 3 * * 1-5', '0 15 * * 6'], NOW);
    expect(gap?.ms).toBe(36 * HOUR);
    expect(new Date(gap!.from).toISOString()).toBe('2026-11-27T03:00:00.000Z');
    expect(new Date(gap!.to).toISOString()).toBe('2026-11-28T15:00:00.000Z');
  });

  it('weekdays only: the weekend is the gap', async () => {
    expect((await longestGap(['0 3 * * 1-5'], NOW)).gap?.ms).toBe(3 * DAY);
  });

  it('a monthly cron counts the wait to its next run beyond the 14 days', async () => {
    const { gap } = await longestGap(['0 0 1 * *'], NOW);
    expect(new Date(gap!.from).toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(new Date(gap!.to).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('names the crons it cannot read, and reads the others', async () => {
    const { gap, unreadable } = await longestGap(['0 0 30 2 *', '* * * * * *', '17 3 * * *'], NOW);
    expect(gap?.ms).toBe(DAY);
    expect(unreadable).toEqual([
      "'0 0 30 2 *' (Invalid explicit day of month definition)",
      "'* * * * * *' (GitHub's cron has five fields)",
    ]);
  });
});

describe('the warning and its parts', () => {
  it('formatSpan: days for long spans, formatDuration below a day', () => {
    expect(formatSpan(7 * DAY)).toBe('7d');
    expect(formatSpan(36 * HOUR)).toBe('1d12h');
    expect(formatSpan(48 * HOUR - 300)).toBe('2d');
    expect(formatSpan(6 * HOUR)).toBe('6h');
    expect(formatSpan(45 * 60_000)).toBe('45m');
  });

  it('suggests a cron that runs at least twice per link lifetime', () => {
    expect(suggestedCron(48 * HOUR - 500)).toBe('17 3 * * *');
    expect(suggestedCron(6 * HOUR - 500)).toBe('17 */3 * * *');
    expect(suggestedCron(5 * HOUR)).toBe('17 */2 * * *');
    expect(suggestedCron(2 * HOUR)).toBe('17 * * * *');
    expect(suggestedCron(HOUR - 500)).toBe('*/30 * * * *');
    expect(suggestedCron(20 * 60_000)).toBe('*/15 * * * *');
  });

  it('names the file, the cron, the gap, the lifetime and both fixes', async () => {
    const { gap } = await longestGap(['0 3 * * 1'], NOW);
    expect(
      scheduleWarning(
        { file: '.github/workflows/docs.yml', crons: ['0 3 * * 1'] },
        gap!,
        6 * HOUR,
        '2026-11-25T18:00:00Z',
      ),
    ).toBe(
      "The schedule of .github/workflows/docs.yml (cron '0 3 * * 1', UTC) leaves up to 7d between runs (2026-11-30 03:00 UTC to 2026-12-07 03:00 UTC), but the bundle link lives 6h (it expires 2026-11-25T18:00:00Z): a pod that starts after the link expires cannot fetch the site. Run the workflow more often than the link lives, e.g. cron '17 */3 * * *' (GitHub delays scheduled runs at busy times), or mirror the bundle to storage of your own and publish it with bundle-url, which does not expire.",
    );
  });
});

describe('the watchdog of a keep-alive (refresh-before)', () => {
  const MIN = 60_000;
  it('warns where npm run simulate shows dead minutes, and holds where it shows none', () => {
    // The simulation's calibration table (docs/keep-alive.md), 6-hour and 24-hour links: the
    // largest refresh-before with dead minutes, and the smallest without, at each gap.
    const dead: Array<[gap: number, refreshBefore: number]> = [
      [15, 60],
      [30, 120],
      [60, 180],
      [120, 360],
    ];
    const alive: Array<[gap: number, refreshBefore: number]> = [
      [15, 90],
      [30, 150],
      [60, 240],
    ];
    for (const lifetime of [6 * HOUR, DAY]) {
      for (const [gap, refreshBefore] of dead)
        expect(
          keepAliveHolds(gap * MIN, refreshBefore * MIN, lifetime),
          `${gap}/${refreshBefore}`,
        ).toBe(false);
      for (const [gap, refreshBefore] of alive)
        expect(
          keepAliveHolds(gap * MIN, refreshBefore * MIN, lifetime),
          `${gap}/${refreshBefore}`,
        ).toBe(true);
    }
  });

  it('a refresh-before at or above the lifetime: every run replaces the link, the lifetime is the window', () => {
    expect(keepAliveHolds(30 * MIN, 48 * HOUR, 24 * HOUR)).toBe(true);
    expect(keepAliveHolds(30 * MIN, 4 * HOUR, 3 * HOUR)).toBe(true);
    // 1-hour links and a keep-alive every 30 minutes: the simulation shows dead minutes.
    expect(keepAliveHolds(30 * MIN, 2 * HOUR, HOUR)).toBe(false);
  });

  it('a new link left alone for less than the gap between runs: nearly every run refreshes, said with a range that skips', () => {
    // 24-hour links, a run every 30 minutes: refresh-before 24h (read as "a day before") leaves no
    // fresh time at all, 23h50m ten minutes; 6h leaves 18 hours, and most runs skip.
    expect(everyRunRefreshes('keep-alive.yml', 30 * MIN, DAY, DAY)).toBe(
      'refresh-before (24h) leaves a new link alone for no time at all of its lifetime (1d), less than the 30m between runs of keep-alive.yml: nearly every run replaces the link and rolls it out. Set refresh-before between 2h and 23h30m.',
    );
    expect(everyRunRefreshes('k.yml', 30 * MIN, DAY - 10 * MIN, DAY)).toMatch(
      /^refresh-before \(23h50m\) leaves a new link alone for only 10m of its lifetime/,
    );
    expect(everyRunRefreshes('k.yml', 30 * MIN, 6 * HOUR, DAY)).toBeUndefined();
    // 2-hour links and an hourly keep-alive: no refresh-before both holds and skips.
    expect(everyRunRefreshes('k.yml', HOUR, 2 * HOUR, 2 * HOUR)).toMatch(
      /Run the keep-alive more often, or mirror the bundle/,
    );
  });

  it('the allowance is two gaps and half an hour', () => {
    expect(delayAllowance(30 * MIN)).toBe(90 * MIN);
    expect(delayAllowance(15 * MIN)).toBe(HOUR);
    expect(delayAllowance(2 * HOUR)).toBe(4.5 * HOUR);
  });

  it('suggests the slowest keep-alive cron that fits the window, at minute 7', () => {
    expect(keepAliveCron(6 * HOUR)).toBe('7 * * * *');
    expect(keepAliveCron(3 * HOUR)).toBe('7-59/30 * * * *');
    expect(keepAliveCron(90 * MIN)).toBe('7-59/15 * * * *');
    expect(keepAliveCron(66 * MIN)).toBe('7-59/10 * * * *');
    expect(keepAliveCron(HOUR)).toBe('2-59/5 * * * *');
    expect(keepAliveCron(45 * MIN)).toBeUndefined();
  });

  it('names the file, the cron, the gap, the window and the fixes', async () => {
    const { gap } = await longestGap(['7 */2 * * *'], NOW);
    expect(
      keepAliveWarning(
        { file: '.github/workflows/keep-alive.yml', crons: ['7 */2 * * *'] },
        gap!,
        3 * HOUR,
        DAY,
        '2026-11-26T12:00:00Z',
      ),
    ).toBe(
      "The schedule of .github/workflows/keep-alive.yml (cron '7 */2 * * *', UTC) leaves up to 2h between runs (2026-11-25 12:07 UTC to 2026-11-25 14:07 UTC), and a run replaces the link (it expires 2026-11-26T12:00:00Z) only within refresh-before (3h) before it expires. GitHub delays and drops scheduled runs: that window should be longer than 6h30m (the gap plus 4h30m of delays), or a pod that starts after the link expires cannot fetch the site. Either set refresh-before above 6h30m and at most 22h (the link's lifetime of 1d less one gap between runs), or run the keep-alive more often, e.g. cron '7-59/30 * * * *', or mirror the bundle to storage of your own and publish it with bundle-url.",
    );
  });

  it('a window shorter than the lifetime of a link too short for any keep-alive: only the mirror is left', () => {
    const text = keepAliveWarning(
      { file: 'k.yml', crons: ['*/5 * * * *'] },
      { ms: 5 * MIN, from: NOW, to: NOW + 5 * MIN },
      HOUR,
      10 * MIN,
      '2026-11-25T12:10:00Z',
    );
    expect(text).toContain(
      "only within the link's lifetime (10m; refresh-before, 1h, is not shorter",
    );
    expect(text).toMatch(
      /Either mirror the bundle to storage of your own and publish it with bundle-url\.$/,
    );
  });
});

describe('reading the workflow file', () => {
  it('finds the file named by GITHUB_WORKFLOW_REF', () => {
    expect(workflowPath('acme/docs/.github/workflows/publish-docs.yml@refs/heads/main')).toBe(
      '.github/workflows/publish-docs.yml',
    );
    expect(workflowPath('acme/docs/.github/workflows/a.yaml@refs/tags/v1.2')).toBe(
      '.github/workflows/a.yaml',
    );
    expect(workflowPath('acme/docs/../../etc/passwd@x')).toBeUndefined();
    expect(workflowPath('nonsense')).toBeUndefined();
  });

  async function workspace(files: Record<string, string>): Promise<string> {
    const ws = await mkdtemp(join(tmpdir(), 'schedule-'));
    await mkdir(join(ws, '.github/workflows'), { recursive: true });
    for (const [name, text] of Object.entries(files))
      await writeFile(join(ws, '.github/workflows', name), text);
    return ws;
  }
  const ref = (file: string) => `acme/docs/.github/workflows/${file}@refs/heads/main`;

  it('reads the crons of on.schedule', async () => {
    const ws = await workspace({
      'docs.yml':
        "on:\n  schedule:\n    - cron: '17 3 * * *'\n    - cron: ' 0 15 * * 6 '\n  push:\n",
    });
    expect(await readSchedule({ workflowRef: ref('docs.yml'), workspace: ws })).toEqual({
      file: '.github/workflows/docs.yml',
      crons: ['17 3 * * *', '0 15 * * 6'],
    });
  });

  it('says why there is nothing to check', async () => {
    const ws = await workspace({ 'push.yml': 'on: push\n', 'bad.yml': 'on: [\n' });
    const read = (workflowRef: string | undefined) => readSchedule({ workflowRef, workspace: ws });
    expect(await read(undefined)).toEqual({ none: 'GITHUB_WORKFLOW_REF is not set' });
    expect(await read(ref('push.yml'))).toEqual({
      none: '.github/workflows/push.yml has no on.schedule',
    });
    expect(await read(ref('bad.yml'))).toEqual({
      none: '.github/workflows/bad.yml is not valid YAML',
    });
    expect(await read(ref('gone.yml'))).toMatchObject({
      none: expect.stringMatching(
        /^\.github\/workflows\/gone\.yml cannot be read from the workspace \(ENOENT;/,
      ),
    });
  });
  const keepAlive = (refreshBefore: string, cron = '7,37 * * * *') =>
    `on:\n  schedule:\n    - cron: '${cron}'\njobs:\n  keep-alive:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v5\n      - uses: your-org/static-export-helm-action@v1\n        with:\n          domain: docs.example.com\n          refresh-before: ${refreshBefore}\n`;

  it("reads a keep-alive workflow's crons and the refresh-before its step passes", async () => {
    const ws = await workspace({ 'keep-alive.yml': keepAlive('6h') });
    expect(await readKeepAlive(ws, '.github/workflows/keep-alive.yml', {}, hostOf)).toEqual({
      file: '.github/workflows/keep-alive.yml',
      crons: ['7,37 * * * *'],
      refreshBeforeMs: 6 * HOUR,
    });
  });

  it('two keep-alive steps: the shorter refresh-before decides (the smaller window)', async () => {
    const two = `${keepAlive('6h')}      - uses: your-org/static-export-helm-action@v1\n        with:\n          refresh-before: 90m\n`;
    const ws = await workspace({ 'keep-alive.yml': two });
    expect(await readKeepAlive(ws, '.github/workflows/keep-alive.yml', {}, hostOf)).toMatchObject({
      refreshBeforeMs: 90 * 60_000,
    });
  });

  it('only the steps for the same site count; a YAML number is a duration in seconds', async () => {
    const two = `${keepAlive('6h')}      - uses: your-org/static-export-helm-action@v1\n        with:\n          domain: https://Other.Example.com/\n          refresh-before: 90m\n`;
    const ws = await workspace({
      'keep-alive.yml': two,
      'number.yml': keepAlive('21600'),
    });
    const file = '.github/workflows/keep-alive.yml';
    const site = (domain: string) => readKeepAlive(ws, file, { domain }, hostOf);
    expect(await site('docs.example.com')).toMatchObject({ refreshBeforeMs: 6 * HOUR });
    // The step's domain is read as the action reads its input: a pasted address names its host.
    expect(await site('other.example.com')).toMatchObject({ refreshBeforeMs: 90 * 60_000 });
    expect(await site('blog.example.com')).toEqual({
      none: "no step of .github/workflows/keep-alive.yml with refresh-before serves this site (domain blog.example.com); its steps keep another site's link alive",
    });
    expect(
      await readKeepAlive(ws, '.github/workflows/number.yml', { 'helm-release': 'docs' }, hostOf),
    ).toMatchObject({ refreshBeforeMs: 6 * HOUR });
  });

  it('a refresh-before the action would refuse is said, not checked', async () => {
    const ws = await workspace({ 'long.yml': keepAlive('200h'), 'short.yml': keepAlive('30s') });
    expect(await readKeepAlive(ws, '.github/workflows/long.yml', {}, hostOf)).toEqual({
      none: 'the refresh-before of .github/workflows/long.yml (8d8h) is outside 1m to 7d, so every run of that workflow fails',
    });
    expect(await readKeepAlive(ws, '.github/workflows/short.yml', {}, hostOf)).toMatchObject({
      none: expect.stringMatching(/\(30s\) is outside 1m to 7d/),
    });
  });

  it('says why a keep-alive workflow cannot be checked: missing, no step, an expression', async () => {
    const ws = await workspace({
      'plain.yml':
        "on:\n  schedule:\n    - cron: '7 * * * *'\njobs:\n  a:\n    steps:\n      - run: echo\n",
      'expr.yml': keepAlive('${{ vars.REFRESH_BEFORE }}'),
    });
    expect(await readKeepAlive(ws, '.github/workflows/plain.yml', {}, hostOf)).toEqual({
      none: '.github/workflows/plain.yml has no step with refresh-before',
    });
    expect(await readKeepAlive(ws, '.github/workflows/expr.yml', {}, hostOf)).toEqual({
      none: "the refresh-before of .github/workflows/expr.yml ('${{ vars.REFRESH_BEFORE }}') is not a duration the watchdog can read (an expression is only known when that workflow runs)",
    });
    expect(await readKeepAlive(ws, '.github/workflows/keep-alve.yml', {}, hostOf)).toMatchObject({
      none: expect.stringMatching(/^\.github\/workflows\/keep-alve\.yml cannot be read/),
    });
  });
});
