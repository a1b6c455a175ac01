/**
 * GitHub refusing or not answering a call, end to end: dist/agent on a comment event (the review
 * loop) and dist/ recording a deployment, under Node 24, against the simulator and the GitHub
 * stand-in (test/helpers/github-api.ts) told to answer 403, 404, 429 or 502, to be slow or not to
 * be there. A fault of GitHub's alone ends in one clear warning and the run's own result; a read
 * the loop cannot do without (a rate limit, more than 3000 comments) fails the step saying why,
 * before anything is sent; a full disk once the link exists keeps the link from GitHub. The
 * ordinary paths are test/e2e/agent-review-loop.test.ts and test/e2e/deployment.test.ts.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { maskedValues, terminateWhen } from '../helpers/action.js';
import { github, publishTo, VALUES } from '../helpers/deployments.js';
import { expectNothingSecretSent, isWrite, type FakeGitHubOptions } from '../helpers/github-api.js';
import { preload } from '../helpers/preload.js';
import {
  AFTER,
  agentOn,
  BEFORE,
  COMMENT_ID,
  eventFile,
  ISSUE_COMMENT,
  PR,
  replyOf,
  world,
} from '../helpers/review-loop.js';
import { sim } from '../helpers/sim.js';

const quick = { queuedMs: 0, runningMs: 150 };

// Each test has its own simulator, GitHub stand-in and workspace: the tests run at the same time.
describe.concurrent(
  'the review loop: GitHub not answering a read, refusing a compare or a reply',
  () => {
    it("a job busy at the send, and GitHub not answering the read as that work ends: no commit counts, the job's own sign does", async () => {
      const event = await eventFile(ISSUE_COMMENT);
      // The second read of the pull request (as the busy work ends) is answered 502; the head has
      // moved by the third, the commit sign's next look (5 s on). Without a head to compare from,
      // the busy work's commit must not count: the message is taken up only 9 s after the send.
      const { s, g, jobId } = await world({
        busy: true,
        agent: { busyLeftMs: 800, pickupMs: 9000, activeMs: 3000 },
        comment: { id: COMMENT_ID, body: String(event.payload.comment!.body) },
        github: { pulls: [{ number: PR, headShas: [BEFORE, null, AFTER] }] },
      });
      const run = await agentOn(event, s, g);
      expect(run.code, run.stdout).toBe(0);
      expect(run.stdout).toContain(`read pull request #${PR}`);
      expect(run.stdout).toMatch(
        new RegExp(`Agent job ${jobId} took the follow-up up \\(active after the send\\)`),
      );
      expect(run.stdout).not.toContain('(a new commit on pull request');
      const reply = replyOf(g);
      expect(reply).toContain(`✅ **Done**: agent job \`${jobId}\` completed`);
    });

    it('a compare GitHub refuses (no contents: read): one warning naming that permission, no commit sign in the run', async () => {
      const event = await eventFile(ISSUE_COMMENT);
      const { s, g } = await world({
        agent: { activeMs: 0, pickupMs: Infinity },
        comment: { id: COMMENT_ID, body: String(event.payload.comment!.body) },
        github: { refuse: { compare: { status: 403 } } },
      });
      const run = await agentOn(event, s, g, { 'pickup-grace': '7s' });
      expect(run.code, run.stdout).toBe(1);
      const warnings = run.stdout
        .split('\n')
        .filter((l) => l.includes('Could not compare the commits'));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/^::warning::.*GitHub answered 403.*permissions: contents: read/);
      // Asked once in the 7 s grace, though the sign is asked every 5 s: the job was looked at
      // (final, from before the message) more than 5 s after the compare, when the sign would have
      // been asked again.
      const compares = g.requests.filter((r) => r.path.includes('/compare/'));
      expect(compares).toHaveLength(1);
      const later = s.requestsFor('get-agent').filter((r) => r.at - compares[0]!.at >= 5000);
      expect(later.length).toBeGreaterThan(0);
      const reply = replyOf(g);
      expect(reply).toContain('Not confirmed');
    });

    it('GitHub answers 403 on the edit of the reply with the outcome: one warning, the follow-up still in the outputs', async () => {
      const event = await eventFile(ISSUE_COMMENT);
      const refused = { status: 403, message: 'Resource not accessible by integration' };
      const { s, g, jobId } = await world({
        comment: { id: COMMENT_ID, body: String(event.payload.comment!.body) },
        github: { refuse: { edit: refused } },
      });
      const run = await agentOn(event, s, g);
      expect(run.code, run.stdout).toBe(0);
      expect(s.requestsFor('message')).toHaveLength(1);
      const warnings = run.stdout.match(/^::warning::.*$/gm) ?? [];
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(
        /^::warning::Could not edit comment \d+: GitHub answered 403 \(Resource not accessible by integration\)\. Give the job "permissions: pull-requests: write" and "issues: write"/,
      );
      expect(run.outputs).toMatchObject({ 'job-id': jobId, status: 'completed' });
      // The claim's reply, which still says "Sending".
      expect(run.outputs['comment-url']).toMatch(/#issuecomment-\d+$/);
    });
  },
);

describe.concurrent('the review loop: a rate limit, or more comments than a run reads', () => {
  const rateLimited = {
    status: 403,
    message: 'You have exceeded a secondary rate limit. Please wait a few minutes.',
    headers: { 'retry-after': '60' },
  };
  const rateLimitFix =
    'The token hit a GitHub rate limit: fewer API calls from this workflow, or a token of its own (github-token), help.';

  it('a rate limit on a read fails the step naming the rate limit, not a permission', async () => {
    const event = await eventFile(ISSUE_COMMENT);
    const { s, g } = await world({
      comment: { id: COMMENT_ID, body: String(event.payload.comment!.body) },
      github: { refuse: { list: rateLimited } },
    });
    const run = await agentOn(event, s, g);
    expect(run.code).toBe(1);
    expect(s.requestsFor('message')).toHaveLength(0);
    expect(run.stdout).toContain(
      `::error::Could not list the comments of pull request #${PR}: GitHub answered 403 (You have exceeded a secondary rate limit. Please wait a few minutes.). ${rateLimitFix}`,
    );
    expect(run.stdout).not.toContain('may read the repository');
  });

  it('more than 3000 comments: the step fails rather than miss the newest, nothing sent', async () => {
    const event = await eventFile(ISSUE_COMMENT);
    // The announce, 2999 comments, then the /agent comment: 3001, the newest past the limit.
    const { s, g } = await world({
      comments: Array.from({ length: 2999 }, (_, i) => ({ body: `Looks good ${i}.` })),
      comment: { id: COMMENT_ID, body: String(event.payload.comment!.body) },
    });
    const run = await agentOn(event, s, g);
    expect(run.code, run.stdout).toBe(1);
    expect(s.requestsFor('message')).toHaveLength(0);
    expect(g.requests.filter(isWrite)).toEqual([]);
    expect(run.stdout).toContain(
      `::error::Could not list the comments of pull request #${PR}: GitHub lists more than 3000 of them, and a run reads at most 3000 (oldest first), so the newest would be missed. Go on in a new pull request, or send the instruction with the prompt input of the agent action.`,
    );
  });

  it('a rate limit on the claim ref: not sent this run, the step fails; the next run sends it once', async () => {
    const event = await eventFile(ISSUE_COMMENT);
    const refuse: FakeGitHubOptions['refuse'] = { 'create-ref': rateLimited };
    const { s, g } = await world({
      comment: { id: COMMENT_ID, body: String(event.payload.comment!.body) },
      github: { refuse },
    });
    const run = await agentOn(event, s, g);
    expect(run.code, run.stdout).toBe(1);
    expect(s.requestsFor('message')).toHaveLength(0);
    expect(run.stdout.match(/^::warning::.*$/gm)).toEqual([
      `::warning::Could not create the ref that claims Comment ${COMMENT_ID}: GitHub answered 403 (You have exceeded a secondary rate limit. Please wait a few minutes.). ${rateLimitFix} The instruction was not sent this run: it stays untaken, and the next run of the review loop on this pull request sends it.`,
    ]);
    expect(run.stdout).toMatch(
      /^::error::Comment \d+ was not claimed: GitHub refused the ref that claims it/m,
    );
    expect(g.git.refs.size).toBe(0);
    delete refuse['create-ref'];
    for (let i = 0; i < 2; i++) expect((await agentOn(event, s, g)).code).toBe(0);
    expect(s.requestsFor('message')).toHaveLength(1);
  });

  it('the claim ref created, its answer a 502, and the read back a 502 too: not sent, and the step says the ref may be there and how to delete it', async () => {
    const event = await eventFile(ISSUE_COMMENT);
    const { s, g } = await world({
      comment: { id: COMMENT_ID, body: String(event.payload.comment!.body) },
      github: { loseAnswers: { 'create-ref': [502] }, failBefore: { 'get-ref': [502] } },
    });
    const run = await agentOn(event, s, g);
    expect(run.code, run.stdout).toBe(1);
    expect(s.requestsFor('message')).toHaveLength(0);
    expect(run.stdout).toContain(
      `gh api -X DELETE repos/{owner}/{repo}/git/refs/static-export-helm/claims/${PR}/issue-comment-${COMMENT_ID}`,
    );
    // Never said "may have been delivered": nothing was.
    expect(run.stdout).not.toContain('may have been delivered');
  });
});

describe.concurrent('a deployment when GitHub refuses or does not answer', () => {
  it('403 on create: one warning naming the permission, and the publish succeeds', async () => {
    const s = await sim({ export: quick });
    const g = await github({ createStatus: 403 });
    const run = await publishTo(g, s, { values: VALUES });
    const ws = run.workspace;
    expect(run.code, run.stdout).toBe(0);
    const warnings = run.stdout.split('\n').filter((l) => l.startsWith('::warning::'));
    expect(warnings).toEqual([
      '::warning::Could not create a deployment for environment "docs-production": GitHub answered 403 (Resource not accessible by integration). Add "permissions: deployments: write" to the job (a 404 can also mean GitHub Enterprise Server without deployments, or a token that cannot see the repository). The publish goes on without a deployment record.',
    ]);
    expect(g.deployments()).toHaveLength(1);
    expect(g.statuses()).toHaveLength(0);
    expect(run.outputs['deployment-id'] ?? '').toBe('');
    expect(await readFile(join(ws, 'values.yaml'), 'utf8')).toContain('enabled: true');
  });

  it('statuses refused after the deployment was created: one warning, the publish succeeds', async () => {
    const s = await sim({ export: quick });
    const g = await github({ statusStatus: 404 });
    const run = await publishTo(g, s);
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout.split('\n').filter((l) => l.startsWith('::warning::'))).toEqual([
      '::warning::Could not set the deployment\'s status to in_progress for environment "docs-production": GitHub answered 404 (Not Found). The token was refused for this deployment (was the deployment deleted, or its permission withdrawn?). Deployment 1000001 is left without a status: set its status by hand if it matters. The publish goes on.',
    ]);
    // Refused once: not asked again for the final status.
    expect(g.statuses()).toHaveLength(1);
    // The summary shows what GitHub accepted, not what was asked.
    expect(run.summary).toMatch(
      /\| GitHub deployment \| \d+ · `docs-production` · created, no status accepted \|/,
    );
  });

  it('a rate limit on a status is waited out: both statuses land, no warning', async () => {
    const s = await sim({ export: quick });
    const g = await github({
      statusAnswers: [
        {
          status: 403,
          message: 'You have exceeded a secondary rate limit. Please wait a few minutes.',
          headers: { 'retry-after': '1' },
        },
        { status: 429, headers: { 'retry-after': '1' } },
      ],
    });
    const run = await publishTo(g, s);
    expect(run.code, run.stdout).toBe(0);
    expect(g.statuses().map((r) => r.body.state)).toEqual([
      'in_progress',
      'in_progress',
      'in_progress',
      'success',
    ]);
    expect(g.accepted).toEqual(['in_progress', 'success']);
    expect(run.stdout).not.toMatch(/::warning::/);
    expect(run.summary).toMatch(/\| GitHub deployment \| \d+ · `docs-production` · success \|/);
  });

  it('GitHub unreachable: one warning, the publish succeeds and the process exits at once', async () => {
    const s = await sim({ export: quick });
    const g = await github();
    // Port 2 on loopback: nothing listens there, and fetch does not block it as it does port 1.
    // (Closing a stand-in and reusing its port raced with the tests running alongside: one of
    // them could be given that port.)
    const run = await publishTo(g, s, { env: { GITHUB_API_URL: 'http://127.0.0.1:2' } });
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout.split('\n').filter((l) => l.startsWith('::warning::'))).toEqual([
      '::warning::Could not create a deployment for environment "docs-production": GitHub could not be reached (ECONNREFUSED). Check the status of GitHub and GITHUB_API_URL. The publish goes on without a deployment record.',
    ]);
    expect(run.outputs['deployment-id'] ?? '').toBe('');
    expect(run.summary).not.toContain('GitHub deployment');
    // At once: the record stands aside after one refused connection, with no wait for GitHub's
    // deadline (minutes). The bound is loose, as this file runs beside others on a 2-core machine.
    expect(run.durationMs).toBeLessThan(60_000);
    expect(g.requests).toHaveLength(0);
  });

  it('a full disk after the link exists: failure, and the link never sent to GitHub', async () => {
    const s = await sim({ export: quick });
    const g = await github();
    const run = await publishTo(g, s, {
      values: VALUES,
      env: {
        NODE_OPTIONS: preload('enospc'),
        ENOSPC_MATCH: String.raw`/\.values\.yaml\.\d+\.[0-9a-f]+\.tmp$`,
        ENOSPC_AFTER: '10',
      },
    });
    const ws = run.workspace;
    expect(run.code).toBe(1);
    expect(g.accepted).toEqual(['in_progress', 'failure']);
    const description = g.statuses()[1]!.body.description as string;
    expect(description).toMatch(/^values-file "values.yaml" could not be written \(ENOSPC\)/);
    expect(description.length).toBeLessThanOrEqual(140);
    // The link was made (and masked) before the write failed: it must not reach GitHub.
    expect(maskedValues(run.stdout).filter((m) => m.includes('X-Amz-Signature='))).not.toEqual([]);
    expectNothingSecretSent(g, [s.apiKey], run);
    expect(await readFile(join(ws, 'values.yaml'), 'utf8')).toBe(VALUES);
  });
});

// After the other tests of the file, so that their runs do not compete for the cores at the
// moment that is measured (the file itself runs beside other files: the bounds are generous).
describe('a deployment cancelled, GitHub not answering', () => {
  it('a cancelled run whose final status GitHub does not answer: cut at the budget, and said', async () => {
    const s = await sim({ export: { ...quick, outcome: 'never' } });
    const g = await github({ statusDelayMs: { error: 60_000 } });
    const cancel = terminateWhen(/Export \d+%/);
    const run = await publishTo(g, s, {
      onStart: cancel.onStart,
    });
    const afterSignal = run.exitedAt - cancel.signalledAt();
    expect(run.code).toBe(1);
    // The minute-long answer is not waited for: the status call is cut 2.5 s after the cancel
    // (the warning below says it had no answer in time), and the process is gone well before
    // the answer would come (a generous bound: the budget is 3 s, the machine may be loaded).
    expect(afterSignal).toBeGreaterThan(2000);
    expect(afterSignal).toBeLessThan(20_000);
    expect(g.statuses().map((r) => r.body.state)).toEqual(['in_progress', 'error']);
    expect(g.accepted).toEqual(['in_progress']);
    expect(run.stdout.split('\n').filter((l) => l.startsWith('::warning::'))).toEqual([
      expect.stringMatching(
        /^::warning::Could not set the deployment's status to error for environment "docs-production": GitHub could not be reached \(no answer in time\)\. .* Deployment \d+ is left in_progress: set its status by hand if it matters\. The publish goes on\.$/,
      ),
    ]);
  });
});
