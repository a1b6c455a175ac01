/**
 * A claim whose run was killed (SIGKILL, its runner lost: no handler ran), end to end: dist/agent
 * on a real payload file, against the GitHub stand-in (test/helpers/github-api.ts, its workflow
 * runs) and the simulator. The pull request holds the claim reply of workflow run 111, which
 * still says "Sending" and names its run. A later run asks GitHub about run 111: completed, it
 * says on the reply that the instruction may have been delivered and never sends it; still in
 * progress, or not readable (no `actions: read`), it changes nothing; one that reported while the
 * later run asked keeps its outcome. Each case counts the
 * messages the simulator received.
 */
import { describe, expect, it } from 'vitest';
import { expectNothingSecretSent, type FakeGitHub } from '../helpers/github-api.js';
import { GITHUB_TOKEN } from '../helpers/action.js';
import type { FakeGitHubOptions } from '../helpers/github-api.js';
import {
  agentOn,
  COMMENT_ID,
  eventFile,
  ISSUE_COMMENT,
  PR,
  rerun,
  sentPrompts,
  world,
} from '../helpers/review-loop.js';

const TAKEN = `<!-- docs-agent-taken: issue comment ${COMMENT_ID} -->`;
const CLAIM_ID = 2_701_300_000;
const CLAIM = `refs/static-export-helm/claims/${PR}/issue-comment-${COMMENT_ID}`;
const RUN = 'https://github.com/acme/docs/actions/runs/111';

/**
 * The event's comment, and the claim run 111 left on it before it was killed: its 👀 and its
 * reply (as claimBody writes it), never edited with an outcome.
 */
async function killedClaimWorld(
  github: Partial<FakeGitHubOptions>,
  by = '111 attempt 1',
  /** The claim names a commit: held by its ref (`held`), or by no ref (`absent`). */
  ref?: 'held' | 'absent',
) {
  const event = await eventFile(ISSUE_COMMENT);
  const w = await world({
    comment: { id: COMMENT_ID, body: String(event.payload.comment!.body) },
    github,
  });
  const url = `https://github.com/acme/docs/pull/${PR}#issuecomment-${COMMENT_ID}`;
  const sha = ref && w.g.git.refAt(CLAIM, 'run 111');
  if (ref === 'absent') w.g.git.refs.delete(CLAIM);
  const claim = {
    id: CLAIM_ID,
    pull: PR,
    body: [
      '<!-- docs-agent-reply -->',
      TAKEN,
      ...(sha ? [`<!-- docs-agent-claim: ${sha} -->`] : []),
      `<!-- docs-agent-run: ${by} -->`,
      `📨 **Sending**: the instruction of [this comment](${url}) goes to agent job \`${w.jobId}\`; this reply shows the outcome once it is known.`,
      '',
    ].join('\n'),
    user: { login: 'github-actions[bot]', type: 'Bot' as const },
    author_association: 'NONE',
    created_at: '2026-03-02T09:12:45Z',
    updated_at: '2026-03-02T09:12:45Z',
    seeded: true,
  };
  w.g.comments.push(claim);
  w.g.reactions.push({ kind: 'issue', commentId: COMMENT_ID, content: 'eyes' });
  return { ...w, event, claim, before: claim.body };
}

const edits = (g: FakeGitHub) => g.requests.filter((r) => r.method === 'PATCH');
const runReads = (g: FakeGitHub) => g.requests.filter((r) => r.path.includes('/actions/runs/'));

describe.concurrent(
  'a claim whose run was killed before it reported',
  // Up to two runs of dist/ each.
  { timeout: 120_000 },
  () => {
    it('run 111 completed: the reply says the instruction may have been delivered, nothing is sent; a re-run changes nothing more', async () => {
      const { s, g, event, claim } = await killedClaimWorld({ workflowRuns: { 111: 'completed' } });
      const run = await agentOn(event, s, g);
      expect(run.code, run.stdout).toBe(0);
      expect(runReads(g).map((r) => `${r.method} ${r.path}`)).toEqual([
        'GET /api/v3/repos/acme/docs/actions/runs/111',
      ]);
      const lines = claim.body.split('\n');
      expect(lines.slice(0, 2)).toEqual(['<!-- docs-agent-reply -->', TAKEN]);
      expect(lines[2]).toMatch(/^❔ \*\*May have been delivered\*\*: \[workflow run 111\]\(/);
      expect(claim.body).toContain(`(${RUN})`);
      expect(claim.body).toContain(`#issuecomment-${COMMENT_ID}`);
      expect(claim.body).toContain('write it in a new `/agent` comment');
      expect(claim.body).not.toContain('docs-agent-run:');
      const warnings = run.stdout.match(/^::warning::.*$/gm) ?? [];
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(
        new RegExp(
          `^::warning::Comment ${COMMENT_ID}: workflow run 111 claimed it and stopped without reporting .*may have been delivered\\. It stays taken and is not sent again;`,
        ),
      );
      expect(run.stdout).toContain(`Pull request #${PR}: no /agent item that no run took yet`);
      // Taken: its 👀 stays, and no new reply.
      expect(g.reactions.map((r) => r.content)).toEqual(['eyes']);
      expect(g.comments.filter((c) => !c.seeded)).toHaveLength(0);
      expect(sentPrompts(s)).toEqual([]);
      expectNothingSecretSent(g, [GITHUB_TOKEN], run);

      const edited = claim.body;
      const again = await rerun(event, s, g);
      expect(again.code, again.stdout).toBe(0);
      expect(again.stdout).not.toMatch(/^::(warning|error)::/m);
      expect(edits(g)).toHaveLength(1);
      expect(runReads(g)).toHaveLength(1);
      expect(claim.body).toBe(edited);
      expect(sentPrompts(s)).toEqual([]);
    });

    it('an earlier attempt of this run claimed it: over without asking GitHub (a re-run starts once the run completed)', async () => {
      // The runner's run id is 4242 (test/helpers/action.ts); this is its second attempt.
      const { s, g, event, claim } = await killedClaimWorld({}, '4242 attempt 1');
      const run = await agentOn(event, s, g, {}, { env: { GITHUB_RUN_ATTEMPT: '2' } });
      expect(run.code, run.stdout).toBe(0);
      expect(runReads(g)).toHaveLength(0);
      expect(claim.body.split('\n').slice(0, 3)).toEqual([
        '<!-- docs-agent-reply -->',
        TAKEN,
        expect.stringMatching(/^❔ \*\*May have been delivered\*\*: workflow run 4242 claimed /),
      ]);
      expect(sentPrompts(s)).toEqual([]);
    });

    it('run 111 still in progress: nothing changed, nothing sent', async () => {
      const { s, g, event, claim, before } = await killedClaimWorld({
        workflowRuns: { 111: 'in_progress' },
      });
      const run = await agentOn(event, s, g);
      expect(run.code, run.stdout).toBe(0);
      expect(run.stdout).not.toMatch(/^::(warning|error)::/m);
      expect(run.stdout).toContain(
        `Comment ${COMMENT_ID}: claimed by workflow run 111, which has not reported; that run is in_progress on GitHub: its claim stands.`,
      );
      expect(runReads(g)).toHaveLength(1);
      expect(edits(g)).toHaveLength(0);
      expect(claim.body).toBe(before);
      expect(g.comments.filter((c) => !c.seeded)).toHaveLength(0);
      expect(sentPrompts(s)).toEqual([]);
    });

    it('run 111 reports while the sweep asks about it: its outcome is kept, not overwritten', async () => {
      const outcome = [
        '<!-- docs-agent-reply -->',
        TAKEN,
        '✅ **Sent** to the agent job.',
        '',
      ].join('\n');
      const box: { claim?: { body: string } } = {};
      const { s, g, event, claim } = await killedClaimWorld({
        workflowRuns: { 111: 'completed' },
        // Run 111 edits its claim with its outcome just before GitHub says it completed.
        onRequest: (r) => {
          if (r.path.endsWith('/actions/runs/111') && box.claim) box.claim.body = outcome;
        },
      });
      box.claim = claim;
      const run = await agentOn(event, s, g);
      expect(run.code, run.stdout).toBe(0);
      expect(runReads(g)).toHaveLength(1);
      expect(claim.body).toBe(outcome);
      expect(edits(g)).toHaveLength(0);
      expect(run.stdout).not.toMatch(/^::warning::/m);
      expect(sentPrompts(s)).toEqual([]);
    });

    it('GitHub refuses the read of run 111 (403, no actions: read): nothing changed, one warning naming actions: read', async () => {
      const { s, g, event, claim, before } = await killedClaimWorld({
        workflowRuns: { 111: 'completed' },
        refuse: { 'workflow-run': { status: 403 } },
      });
      const run = await agentOn(event, s, g);
      expect(run.code, run.stdout).toBe(0);
      expect(run.stdout).not.toMatch(/^::error::/m);
      const said = run.stdout.split('\n').filter((l) => l.includes('actions: read'));
      expect(said).toEqual([
        `::warning::Comment ${COMMENT_ID}: claimed by workflow run 111, which has not reported; that run could not be read: GitHub answered 403 (Resource not accessible by integration). Give the job "permissions: actions: read" so that a later run can tell whether it stopped. Nothing was changed.`,
      ]);
      expect(edits(g)).toHaveLength(0);
      expect(claim.body).toBe(before);
      expect(sentPrompts(s)).toEqual([]);
    });

    it('run 111 completed, its claim naming a commit its ref holds: may have been delivered, nothing sent', async () => {
      const { s, g, event, claim } = await killedClaimWorld(
        { workflowRuns: { 111: 'completed' } },
        '111 attempt 1',
        'held',
      );
      const run = await agentOn(event, s, g);
      expect(run.code, run.stdout).toBe(0);
      expect(claim.body).toMatch(/^❔ \*\*May have been delivered\*\*/m);
      expect(claim.body).toContain(`<!-- docs-agent-claim: ${g.git.refs.get(CLAIM)} -->`);
      expect(sentPrompts(s)).toEqual([]);
    });

    it('run 111 completed, its claim naming a commit no ref holds (never written, or given back): said not sent, and this run sends it once', async () => {
      const { s, g, event, claim } = await killedClaimWorld(
        { workflowRuns: { 111: 'completed' } },
        '111 attempt 1',
        'absent',
      );
      const run = await agentOn(event, s, g);
      expect(run.code, run.stdout).toBe(0);
      expect(claim.body).not.toContain('May have been delivered');
      expect(claim.body).not.toContain('docs-agent-taken');
      expect(claim.body).toMatch(
        /^⏹️ \*\*Not sent\*\*: workflow run 111 did not hold the claim on it/m,
      );
      expect(run.stdout).toContain(
        `Comment ${COMMENT_ID}: workflow run 111 did not hold the claim`,
      );
      expect(sentPrompts(s)).toEqual([
        'Also fix the broken link in the quickstart.\nKeep the wording short.',
      ]);
      expect((await rerun(event, s, g)).code).toBe(0);
      expect(sentPrompts(s)).toHaveLength(1);
    });
  },
);
