/**
 * The review loop's claim, end to end (dist/agent on real payload files, the GitHub stand-in, the
 * simulator): an item is claimed by creating a git ref per part under refs/static-export-helm/
 * claims/ (GitHub refuses the second create), then sent; a bare 👀 another workflow left with the
 * same token claims nothing, and a closed pull request's claims are deleted. Each case
 * counts the messages the simulator received: one per instruction across every run, or none when
 * the instruction was withdrawn.
 */
import { describe, expect, it } from 'vitest';
import { terminateWhen } from '../helpers/action.js';
import { eventFile as eventFileOf } from '../helpers/agent-events.js';
import type { FakeGitHub, GitHubRequest } from '../helpers/github-api.js';
import {
  AFTER,
  agentOn,
  BEFORE,
  COMMENT_ID,
  eventFile,
  ISSUE_COMMENT,
  posted,
  PR,
  rerun,
  sentPrompts,
  world,
} from '../helpers/review-loop.js';
import type { FakePull } from '../helpers/pull-requests.js';

const TAKEN = `<!-- docs-agent-taken: issue comment ${COMMENT_ID} -->`;
const CLAIM = `refs/static-export-helm/claims/101/issue-comment-${COMMENT_ID}`;

/** A world whose GitHub calls `onClaim` as the action's claim reply arrives (before it is kept). */
async function claimedWorld(onClaim: (g: FakeGitHub) => void) {
  const event = await eventFile(ISSUE_COMMENT);
  const box: { g?: FakeGitHub } = {};
  const w = await world({
    comment: { id: COMMENT_ID, body: String(event.payload.comment!.body) },
    github: {
      onRequest: (r: GitHubRequest) => {
        if (r.method === 'POST' && r.raw.includes('docs-agent-taken')) onClaim(box.g!);
      },
    },
  });
  box.g = w.g;
  return { ...w, event };
}

describe.concurrent(
  'the claim: a mark naming the item, read again before the send',
  // Up to three runs of dist/ each: more than the default limit when the machine is busy.
  { timeout: 120_000 },
  () => {
    it("another workflow's 👀 with the same token claims nothing: sent once, a re-run sends nothing", async () => {
      const event = await eventFile(ISSUE_COMMENT);
      const { s, g } = await world({
        comment: { id: COMMENT_ID, body: String(event.payload.comment!.body) },
      });
      g.reactions.push({ kind: 'issue', commentId: COMMENT_ID, content: 'eyes' });
      const run = await agentOn(event, s, g);
      expect(run.code, run.stdout).toBe(0);
      expect(await agentOn(event, s, g).then((r) => r.code)).toBe(0);
      expect(sentPrompts(s)).toEqual([
        'Also fix the broken link in the quickstart.\nKeep the wording short.',
      ]);
      const replies = posted(g);
      expect(replies).toHaveLength(1);
      expect(replies[0]!.body.split('\n').slice(0, 3)).toEqual([
        '<!-- docs-agent-reply -->',
        TAKEN,
        `<!-- docs-agent-claim: ${g.git.claimAt(CLAIM)} -->`,
      ]);
    });

    it('edited after the claim: its current text is sent', async () => {
      const { s, g, event } = await claimedWorld((g) => {
        g.comments.find((c) => c.id === COMMENT_ID)!.body = '/agent Fix the FAQ link instead.';
      });
      const run = await agentOn(event, s, g);
      expect(run.code, run.stdout).toBe(0);
      expect(sentPrompts(s)).toEqual(['Fix the FAQ link instead.']);
      expect((await rerun(event, s, g)).code).toBe(0);
      expect(sentPrompts(s)).toEqual(['Fix the FAQ link instead.']);
    });

    it('deleted after the claim: nothing sent, the reply says so and marks nothing', async () => {
      const { s, g, event } = await claimedWorld((g) => {
        g.comments.splice(
          g.comments.findIndex((c) => c.id === COMMENT_ID),
          1,
        );
      });
      const run = await agentOn(event, s, g);
      expect(run.code, run.stdout).toBe(0);
      expect(sentPrompts(s)).toEqual([]);
      const reply = posted(g)[0]!.body;
      expect(reply).not.toContain('docs-agent-taken');
      expect(reply).toContain('⏹️ **Not sent**: the comment was deleted after this run found it');
    });

    it('a run cancelled between the claim and the send gives the claim back; the next run sends it once', async () => {
      const event = await eventFile(ISSUE_COMMENT);
      const { s, g } = await world({
        comment: { id: COMMENT_ID, body: String(event.payload.comment!.body) },
      });
      // The look at the job before the send hangs: the run is cancelled there.
      s.inject({ op: 'get-agent', fault: { type: 'delay', ms: 8000 } });
      const cancel = terminateWhen('characters from octocat for agent job');
      const run = await agentOn(event, s, g, {}, { onStart: cancel.onStart });
      expect(cancel.signalledAt()).toBeGreaterThan(0);
      expect(run.code).not.toBe(0);
      expect(sentPrompts(s)).toEqual([]);
      expect(posted(g)[0]!.body).not.toContain('docs-agent-taken');
      expect(g.reactions.filter((r) => r.content === 'eyes')).toEqual([]);
      // The claim given back: its ref deleted, so the item is untaken.
      expect(g.git.refs.has(CLAIM)).toBe(false);
      for (let i = 0; i < 2; i++) expect((await agentOn(event, s, g)).code).toBe(0);
      expect(sentPrompts(s)).toHaveLength(1);
    });

    it('closed without a merge: its claims stay, and a comment after it is reopened sends nothing twice', async () => {
      const event = await eventFile(ISSUE_COMMENT);
      const { s, g } = await world({
        comment: { id: COMMENT_ID, body: String(event.payload.comment!.body) },
      });
      expect((await agentOn(event, s, g)).code).toBe(0);
      const claim = g.git.refs.get(CLAIM);
      expect(claim).toBeDefined();
      const closed = await eventFileOf('pull_request.closed.json', 'pull_request');
      expect(closed.payload.pull_request!.merged).toBe(false);
      const run = await agentOn(closed, s, g);
      expect(run.code, run.stdout).toBe(0);
      expect(run.stdout).toContain('Pull request #101 closed without a merge: its claims stay');
      expect(g.git.refs.get(CLAIM)).toBe(claim);
      // Reopened, then any comment: the loop sweeps again, and the instruction stays sent once.
      expect((await agentOn(event, s, g)).code).toBe(0);
      expect(sentPrompts(s)).toHaveLength(1);
    });

    it('merged: its claims are deleted, no other ref is touched; a comment after it sends nothing', async () => {
      const event = await eventFile(ISSUE_COMMENT);
      // The pull request as GitHub answers it: a test object, merged below as the event says.
      const pull: FakePull = { number: PR, headShas: [BEFORE, AFTER] };
      const { s, g } = await world({
        comment: { id: COMMENT_ID, body: String(event.payload.comment!.body) },
        github: { pulls: [pull] },
      });
      expect((await agentOn(event, s, g)).code).toBe(0);
      expect(g.git.refs.has(CLAIM)).toBe(true);
      const other = g.git.refAt('refs/static-export-helm/claims/102/issue-comment-1', 'other');
      const merged = await eventFileOf('pull_request.closed.json', 'pull_request', (p) => {
        (p.pull_request as Record<string, unknown>).merged = true;
      });
      const run = await agentOn(merged, s, g);
      expect(run.code, run.stdout).toBe(0);
      expect(run.stdout).toContain('Pull request #101 merged: deleted 1 of its 1 claim.');
      expect([...g.git.refs]).toEqual([
        ['refs/static-export-helm/claims/102/issue-comment-1', other],
      ]);
      pull.merged = true;
      const after = await agentOn(event, s, g);
      expect(after.code, after.stdout).toBe(0);
      expect(after.stdout).toContain('Pull request #101 is merged: nothing is sent on it.');
      expect(sentPrompts(s)).toHaveLength(1);
    });

    it("a personal access token as github-token: its replies are the loop's own; the run its reply wakes reads nothing more, writes nothing, exits 0; no instruction is sent twice", async () => {
      const PAT = 'ghp_e2ePersonalAccessToken0123456789abcdef';
      const event = await eventFile(ISSUE_COMMENT);
      const { s, g } = await world({
        comment: { id: COMMENT_ID, body: String(event.payload.comment!.body) },
        github: { identities: { [PAT]: { login: 'docs-bot', type: 'User' } } },
      });
      const first = await agentOn(event, s, g, { 'github-token': PAT });
      expect(first.code, first.stdout).toBe(0);
      const reply = g.comments.find((c) => c.user.login === 'docs-bot')!;
      expect(reply.body.startsWith('<!-- docs-agent-reply -->')).toBe(true);
      // GitHub starts the workflow again for the PAT's reply: its event, as GitHub sends it.
      const woken = await eventFile(ISSUE_COMMENT, (p) => {
        p.comment!.id = reply.id;
        p.comment!.body = reply.body;
        p.comment!.user = { login: 'docs-bot', type: 'User' };
      });
      const before = g.requests.length;
      const run = await agentOn(woken, s, g, { 'github-token': PAT });
      expect(run.code, run.stdout).toBe(0);
      expect(run.stdout).toContain(
        `Comment ${reply.id}: a reply of this review loop (written by docs-bot, github-token's account); nothing to do.`,
      );
      console.log(
        `a PAT run woken by its own reply logged:\n${run.stdout
          .split('\n')
          .filter((l) => l.includes('reply of this review loop'))
          .join('\n')}`,
      );
      const during = g.requests.slice(before);
      expect(during.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/graphql']);
      // Someone pasting the marker is not the loop: their comment's run sweeps as any other.
      const pasted = await eventFile(ISSUE_COMMENT, (p) => {
        p.comment!.body = reply.body;
      });
      const other = await agentOn(pasted, s, g, { 'github-token': PAT });
      expect(other.code, other.stdout).toBe(0);
      expect(other.stdout).toContain('no /agent item that no run took yet');
      expect(sentPrompts(s)).toHaveLength(1);
    });
  },
);
