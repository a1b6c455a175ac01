/**
 * Two rules of GitHub's scheduler the watchdog cannot see in a workflow file, read from the run's
 * event payload (GITHUB_EVENT_PATH): a schedule runs only from the default branch, and GitHub
 * disables the schedules of a public repository after 60 days without activity. Each is a notice;
 * a payload that cannot be read gives none (the debug log says so through the caller).
 */
import { readEventPayload } from './event-payload.js';

export interface ScheduleRulesContext {
  /** GITHUB_WORKFLOW_REF: `owner/repo/.github/workflows/file.yml@refs/heads/main`. */
  workflowRef: string | undefined;
  /** GITHUB_EVENT_PATH: the event payload the runner wrote. */
  eventPath: string | undefined;
}

export async function scheduleRuleNotices(context: ScheduleRulesContext): Promise<string[]> {
  const payload = await readEventPayload(context.eventPath);
  const repo = (payload as { repository?: Record<string, unknown> } | null)?.repository;
  if (!repo || typeof repo !== 'object') return [];
  const notices: string[] = [];
  const ref = context.workflowRef?.split('@')[1];
  const main = typeof repo.default_branch === 'string' ? repo.default_branch : undefined;
  if (ref && main && ref !== `refs/heads/${main}`)
    notices.push(
      `This workflow runs from ${ref}, but GitHub runs scheduled workflows only from the default branch (${main}): its on.schedule, and a change to it, takes effect once it is merged there (docs/keep-alive.md#when-github-stops-a-schedule).`,
    );
  if (repo.private === false || repo.visibility === 'public')
    notices.push(
      'In a public repository GitHub disables scheduled workflows after 60 days without activity, and the link expires hours after the last run: re-enable the workflow under Actions when GitHub says so, or commit at least every 60 days (docs/keep-alive.md#when-github-stops-a-schedule).',
    );
  return notices;
}
