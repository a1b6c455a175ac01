/**
 * A run that finished but could not write its outcome, told from one that was killed (dist/agent
 * on a real payload file, the GitHub stand-in with its git refs and workflow runs, the
 * simulator). When GitHub refuses the edit of its reply with the outcome, a run leaves the
 * outcome on its claim: the claim's ref moves to a child of the claim's commit holding the
 * reply's text. The next run finds the run completed and its reply still saying "Sending", reads the outcome
 * there and writes it: never "may have been delivered" for an instruction the run saw delivered.
 * A claim given back (its ref deleted) whose reply could not say so is "not sent", and sent by
 * the next run. Counted at the simulator: one message across every run.
 */
import type { ChildProcess } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { FakeGitHubOptions } from '../helpers/github-api.js';
import {
  agentOn,
  COMMENT_ID,
  eventFile,
  ISSUE_COMMENT,
  PR,
  posted,
  rerun,
  sentPrompts,
  world,
} from '../helpers/review-loop.js';

const CLAIM = `refs/static-export-helm/claims/${PR}/issue-comment-${COMMENT_ID}`;
/** The runs: the one that sends (GITHUB_RUN_ID of the test runner), and the next one. */
const SENDER = '4242';
const NEXT = { env: { GITHUB_RUN_ID: '4243' } };

describe.concurrent('an outcome the run could not write on its reply', { timeout: 150_000 }, () => {
  it('the edit with the outcome refused (a secondary rate limit) after a completed delivery: the next run writes that outcome, not "may have been delivered"; nothing sent again', async () => {
    const event = await eventFile(ISSUE_COMMENT);
    const refuse: NonNullable<FakeGitHubOptions['refuse']> = {
      edit: {
        status: 403,
        message:
          'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
      },
    };
    const { s, g, jobId } = await world({
      comment: { id: COMMENT_ID, body: String(event.payload.comment!.body) },
      github: { refuse, workflowRuns: { [Number(SENDER)]: 'completed' } },
    });
    const first = await agentOn(event, s, g);
    expect(sentPrompts(s), first.stdout).toHaveLength(1);
    const reply = posted(g)[0]!;
    expect(reply.body).toContain('📨 **Sending**');
    expect(reply.body).toContain(`<!-- docs-agent-run: ${SENDER} attempt 1 -->`);
    // The outcome left on the claim: its ref moved from the claim's commit to a child holding it.
    const claimSha = /<!-- docs-agent-claim: ([0-9a-f]{40}) -->/.exec(reply.body)![1]!;
    const held = g.git.refs.get(CLAIM)!;
    expect(held).not.toBe(claimSha);
    expect(g.git.objects.get(held)).toMatchObject({ type: 'commit', parents: [claimSha] });
    expect(g.git.objects.get(held)!.message).toContain(`✅ **Done**: agent job \`${jobId}\``);

    delete refuse.edit;
    const next = await agentOn(event, s, g, {}, NEXT);
    expect(next.code, next.stdout).toBe(0);
    expect(next.stdout).toContain(
      `Comment ${COMMENT_ID}: workflow run ${SENDER} finished and left its outcome on the claim, but did not write it on its reply; written now.`,
    );
    expect(reply.body).toContain(`✅ **Done**: agent job \`${jobId}\` completed`);
    expect(reply.body).not.toContain('May have been delivered');
    expect(reply.body).not.toContain('docs-agent-run:');
    expect(reply.body.split('\n').slice(0, 3)).toEqual([
      '<!-- docs-agent-reply -->',
      `<!-- docs-agent-taken: issue comment ${COMMENT_ID} -->`,
      `<!-- docs-agent-claim: ${claimSha} -->`,
    ]);
    const written = reply.body;
    expect((await rerun(event, s, g, {})).code).toBe(0);
    expect(reply.body).toBe(written);
    expect(sentPrompts(s)).toHaveLength(1);
  });

  it('the re-read after the claim answered 502, then the edit that gives the claim back refused (403): the next run says not sent, and sends it once', async () => {
    const event = await eventFile(ISSUE_COMMENT);
    const refuse: NonNullable<FakeGitHubOptions['refuse']> = {
      'get-comment': { status: 502, message: 'Server Error' },
      edit: {
        status: 403,
        message:
          'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
      },
    };
    const { s, g } = await world({
      comment: { id: COMMENT_ID, body: String(event.payload.comment!.body) },
      github: { refuse, workflowRuns: { [Number(SENDER)]: 'completed' } },
    });
    const first = await agentOn(event, s, g);
    expect(first.code, first.stdout).not.toBe(0);
    expect(sentPrompts(s)).toHaveLength(0);
    const reply = posted(g)[0]!;
    expect(reply.body).toContain('📨 **Sending**');
    // The claim was given back (its ref deleted); only its reply could not say so.
    expect(g.git.refs.has(CLAIM)).toBe(false);

    delete refuse['get-comment'];
    delete refuse.edit;
    const next = await agentOn(event, s, g, {}, NEXT);
    expect(next.code, next.stdout).toBe(0);
    expect(reply.body).toContain('⏹️ **Not sent**');
    expect(reply.body).not.toContain('May have been delivered');
    expect(sentPrompts(s)).toHaveLength(1);
    expect((await rerun(event, s, g, {})).code).toBe(0);
    expect(sentPrompts(s)).toHaveLength(1);
  });

  it('killed after the claim (nothing left on it): the next run says it may have been delivered; nothing sent again', async () => {
    const event = await eventFile(ISSUE_COMMENT);
    const { s, g } = await world({
      comment: { id: COMMENT_ID, body: String(event.payload.comment!.body) },
      github: { workflowRuns: { [Number(SENDER)]: 'completed' } },
    });
    // The job's look before the send hangs: the run is killed (SIGKILL: no handler runs) there.
    s.inject({ op: 'get-agent', fault: { type: 'delay', ms: 20_000 } });
    const killed = await agentOn(
      event,
      s,
      g,
      {},
      {
        onStart: (child: ChildProcess, output: () => string) => {
          const timer = setInterval(() => {
            if (!output().includes('characters from octocat for agent job')) return;
            clearInterval(timer);
            child.kill('SIGKILL');
          }, 20);
          child.on('close', () => clearInterval(timer));
        },
      },
    );
    expect(killed.code).not.toBe(0);
    const reply = posted(g)[0]!;
    expect(reply.body).toContain('📨 **Sending**');
    const claimSha = /<!-- docs-agent-claim: ([0-9a-f]{40}) -->/.exec(reply.body)![1]!;
    expect(g.git.refs.get(CLAIM)).toBe(claimSha);
    const next = await agentOn(event, s, g, {}, NEXT);
    expect(next.code, next.stdout).toBe(0);
    expect(reply.body).toContain('❔ **May have been delivered**');
    expect(sentPrompts(s)).toHaveLength(0);
  });
});
