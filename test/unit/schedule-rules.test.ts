import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scheduleRuleNotices } from '../../src/github/schedule-rules.js';

/** An event payload file as the runner writes it, with this repository object. */
function payload(repository: Record<string, unknown>): string {
  const path = join(mkdtempSync(join(tmpdir(), 'event-')), 'event.json');
  writeFileSync(path, JSON.stringify({ schedule: '7,37 * * * *', repository }));
  return path;
}

const REF = 'acme/docs/.github/workflows/publish-docs.yml@refs/heads/main';

describe("the scheduler's rules the watchdog says", () => {
  it('a public repository: the 60-day disable', async () => {
    const eventPath = payload({ default_branch: 'main', private: false, visibility: 'public' });
    expect(await scheduleRuleNotices({ workflowRef: REF, eventPath })).toEqual([
      'In a public repository GitHub disables scheduled workflows after 60 days without activity, and the link expires hours after the last run: re-enable the workflow under Actions when GitHub says so, or commit at least every 60 days (docs/keep-alive.md#when-github-stops-a-schedule).',
    ]);
  });

  it('a private repository on its default branch: nothing to say', async () => {
    const eventPath = payload({ default_branch: 'main', private: true, visibility: 'private' });
    expect(await scheduleRuleNotices({ workflowRef: REF, eventPath })).toEqual([]);
  });

  it('a workflow run from another branch: schedules run from the default branch only', async () => {
    const eventPath = payload({ default_branch: 'main', private: true });
    const notices = await scheduleRuleNotices({
      workflowRef: 'acme/docs/.github/workflows/publish-docs.yml@refs/heads/keep-alive',
      eventPath,
    });
    expect(notices).toEqual([
      'This workflow runs from refs/heads/keep-alive, but GitHub runs scheduled workflows only from the default branch (main): its on.schedule, and a change to it, takes effect once it is merged there (docs/keep-alive.md#when-github-stops-a-schedule).',
    ]);
  });

  it('no payload, or one without a repository: nothing (not a failure)', async () => {
    expect(await scheduleRuleNotices({ workflowRef: REF, eventPath: undefined })).toEqual([]);
    expect(
      await scheduleRuleNotices({ workflowRef: REF, eventPath: join(tmpdir(), 'no-such.json') }),
    ).toEqual([]);
    const path = join(mkdtempSync(join(tmpdir(), 'event-')), 'event.json');
    writeFileSync(path, '{}');
    expect(await scheduleRuleNotices({ workflowRef: REF, eventPath: path })).toEqual([]);
  });
});
