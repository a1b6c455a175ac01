import { describe, expect, it } from 'vitest';
import { finishedAgentJob, sim } from '../helpers/sim.js';
import { runAgent } from '../helpers/action.js';

const PROMPT =
  'Document the new --dry-run flag\nin the CLI reference.\nKeep the examples short.\nAnd link the FAQ.';

// Each test has its own simulator; the tests run at the same time (most of a run is waiting).
describe.concurrent('the agent sub-action (dist/agent under Node 24)', () => {
  it('follow-up → completed with a pull request, sending the message once', async () => {
    const s = await sim({ agent: { activeMs: 300 } });
    const jobId = await finishedAgentJob(s, 'Write the changelog page');
    const run = await runAgent(s, { inputs: { prompt: PROMPT, 'job-id': jobId } });
    expect(run.code, run.stdout).toBe(0);
    expect(s.requestsFor('message')).toHaveLength(1);
    expect(s.requestsFor('message')[0]!.body).toEqual({ prompt: PROMPT });
    expect(run.outputs).toMatchObject({
      'job-id': jobId,
      status: 'completed',
      'pr-link': expect.stringMatching(/^https:\/\/github\.com\/acme\/docs\/pull\/\d+$/),
      model: 'claude-sonnet-4-5',
      repository: 'https://github.com/acme/docs',
      ref: expect.stringMatching(/^mintlify\/agent-/),
    });
    // The simulator takes the message up after 1 s: the old completed state is not the result.
    expect(run.stdout).toMatch(
      new RegExp(
        `Agent job ${jobId} shows completed \\(pull request \\S+\\) from before the message; waiting up to 2m`,
      ),
    );
    expect(run.stdout).toMatch(new RegExp(`Agent job ${jobId} took the follow-up up \\(`));
    expect(run.summary).toContain(
      '### Agent follow-up\n\n```text\nDocument the new --dry-run flag\nin the CLI reference.\nKeep the examples short.\n```\n\n(the first 3 of 4 lines)\n',
    );
    expect(run.summary).toContain(
      `| Pull request | [${run.outputs['pr-link']}](${run.outputs['pr-link']}) |`,
    );
  });

  it('a job that takes 5 s to take the follow-up up: its old pull request is never the result', async () => {
    const s = await sim({ agent: { activeMs: 500, pickupMs: 5000 } });
    const jobId = await finishedAgentJob(s, 'Write the changelog page');
    const old = s.agentView(s.agentJobs.get(jobId)!).prLink as string;
    const run = await runAgent(s, { inputs: { prompt: 'Also the config page', 'job-id': jobId } });
    expect(run.code, run.stdout).toBe(0);
    expect(run.outputs.status).toBe('completed');
    expect(run.outputs['pr-link']).toMatch(/\/pull\/\d+$/);
    expect(run.outputs['pr-link']).not.toBe(old);
    expect(run.stdout).toContain(
      `Agent job ${jobId} shows completed (pull request ${old}) from before the message; waiting up to 2m (pickup-grace) for it to take the follow-up up.`,
    );
    const took = /took the follow-up up \(([^)]+)\) after ([\d.]+)s/.exec(run.stdout);
    expect(took, run.stdout).not.toBeNull();
    expect(Number(took![2])).toBeGreaterThanOrEqual(5);
    // Looked at every 1.5 s meanwhile, not at the growing auto interval.
    expect(s.requestsFor('get-agent').length).toBeGreaterThanOrEqual(4);
    expect(s.requestsFor('message')).toHaveLength(1);
  });

  it('a follow-up never taken up within pickup-grace: unconfirmed, no pull request, the step fails', async () => {
    const s = await sim({ agent: { activeMs: 100, pickupMs: Number.POSITIVE_INFINITY } });
    const jobId = await finishedAgentJob(s, 'Write the changelog page');
    const run = await runAgent(s, {
      inputs: { prompt: 'x', 'job-id': jobId, 'pickup-grace': '3s' },
    });
    expect(run.code).toBe(1);
    expect(run.outputs.status).toBe('unconfirmed');
    expect(run.outputs['pr-link']).toBeUndefined();
    expect(run.stdout).toMatch(
      new RegExp(
        `::error::Agent job ${jobId} did not show that it took the follow-up up within pickup-grace \\(3s\\): it still shows status completed and pull request \\S+, as before the message\\. That is not this follow-up's result, so none is reported: a follow-up that changed nothing cannot be told from one that was never taken up\\.`,
      ),
    );
    expect(run.summary).toContain('| Status | unconfirmed |');
  });

  it('wait: false on a follow-up reports the message as sent, not the state from before it', async () => {
    const s = await sim({ agent: { activeMs: 100 } });
    const jobId = await finishedAgentJob(s, 'Write the changelog page');
    const run = await runAgent(s, { inputs: { prompt: 'x', 'job-id': jobId, wait: 'false' } });
    expect(run.code, run.stdout).toBe(0);
    expect(run.outputs).toMatchObject({ 'job-id': jobId, status: 'sent', 'pr-link': '', ref: '' });
    expect(run.summary).toContain('| Status | sent (not waited for) |');
    expect(run.summary).not.toContain('Pull request');
    expect(run.summary).not.toContain('mintlify/agent-');
    // Nor is the old state shown on the job's pull request: no announce is tried.
    expect(run.stdout).not.toMatch(/announce|pull request #\d+/i);
  });

  it('no job-id: creates a job with the prompt and waits for it', async () => {
    const s = await sim({ agent: { activeMs: 200 } });
    const run = await runAgent(s, { inputs: { prompt: 'Fix the typos' } });
    expect(run.code, run.stdout).toBe(0);
    expect(s.requestsFor('create-agent')).toHaveLength(1);
    expect(s.requestsFor('message')).toHaveLength(0);
    expect(run.outputs.status).toBe('completed');
    expect(run.summary).toContain('(new)');
  });

  it('wait: false reports the active job at once', async () => {
    const s = await sim({ agent: { activeMs: 60_000 } });
    const run = await runAgent(s, { inputs: { prompt: 'x', wait: 'false' } });
    expect(run.code).toBe(0);
    expect(run.outputs).toMatchObject({ status: 'active', 'pr-link': '' });
    expect(s.requestsFor('get-agent')).toHaveLength(0);
  });

  it('a failed job exits non-zero; the summary keeps the key out of the reason', async () => {
    const s = await sim({ agent: { activeMs: 200, outcome: 'failed' } });
    // The service's reason quotes the key: the summary (a file, not the masked log) hides it.
    s.agentScenario.error = `Deploy refused for key ${s.apiKey}`;
    const run = await runAgent(s, { inputs: { prompt: 'x' } });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /::error::Agent job aj_\w+ failed on https:\/\/github.com\/acme\/docs\./,
    );
    expect(run.outputs.status).toBe('failed');
    expect(run.summary).toContain('### Agent follow-up failed');
    // Shown as text: the redaction's stars escaped, so they read as stars and not as emphasis.
    expect(run.summary).toContain('Deploy refused for key \\*\\*\\*');
    expect(run.summary).not.toContain(s.apiKey);
  });

  it('an archived job is a warning; completed without a PR is a notice', async () => {
    const s = await sim({ agent: { activeMs: 200, outcome: 'archived', prLink: false } });
    const run = await runAgent(s, { inputs: { prompt: 'x' } });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/::warning::Agent job aj_\w+ was archived without a pull request\./);
    const s2 = await sim({ agent: { activeMs: 200, outcome: 'completed', prLink: false } });
    const run2 = await runAgent(s2, { inputs: { prompt: 'x' } });
    expect(run2.code).toBe(0);
    expect(run2.stdout).toMatch(
      /::notice::Agent job aj_\w+ completed with no pull request: no files changed\./,
    );
    expect(run2.outputs['pr-link']).toBe('');
  });

  it('404 says the job id is unknown for that project', async () => {
    const s = await sim();
    const run = await runAgent(s, { inputs: { prompt: 'x', 'job-id': 'aj_missing' } });
    expect(run.code).toBe(1);
    // The job is looked at before the message: an unknown job costs none of the hourly quota.
    expect(run.stdout).toMatch(
      /::error::get agent job aj_missing: the service answered HTTP 404 Not Found: "Job not found"\. No agent job has this id in project proj_sim: check the job-id and project-id inputs/,
    );
    expect(s.requestsFor('message')).toHaveLength(0);
  });

  it.sequential('429 fails at once, explaining the limit, after exactly one message', async () => {
    const s = await sim({ messageLimit: 0 });
    const jobId = await finishedAgentJob(s, 'Write the changelog page');
    const run = await runAgent(s, { inputs: { prompt: 'x', 'job-id': jobId } });
    expect(run.code).toBe(1);
    expect(s.requestsFor('message')).toHaveLength(1);
    expect(run.stdout).toMatch(
      /::error::send follow-up message .*HTTP 429 Too Many Requests.*100 follow-up messages per project per hour; this run does not retry/,
    );
    // At once: no retry was planned or waited for (a retry is logged before its wait).
    expect(run.stdout).not.toMatch(/retry \d+\/\d+ in \d+ ms/);
  });

  it('an empty or blank prompt never reaches the service', async () => {
    const s = await sim();
    for (const prompt of ['', '   \n\t ']) {
      const run = await runAgent(s, { inputs: { prompt } });
      expect(run.code).toBe(1);
      expect(run.stdout).toMatch(
        /::error::Input "prompt" (is empty|contains only white space)\. Write the instruction for the agent/,
      );
    }
    expect(s.requests).toHaveLength(0);
  });

  it.sequential('times out with the job id', async () => {
    const s = await sim({ agent: { outcome: 'never' } });
    const run = await runAgent(s, { inputs: { prompt: 'x', timeout: '2s' } });
    expect(run.code).toBe(1);
    expect(run.ranMs).toBeLessThan(4500);
    expect(run.stdout).toMatch(
      /::error::Agent job (aj_\w+) did not finish within the timeout of 2s \(last status active\)\. The agent keeps working on the service; job-id: \1/,
    );
  });
});
