/**
 * The review loop's claim through the action's own client (real Octokit) against the GitHub
 * stand-in, whose git refs answer as GitHub's: a ref is created once, a second create of the same
 * name is 422 "Reference already exists". Two claims of one item at the same moment: exactly one
 * holds it, every try. An answer lost after the request went out is settled by reading the ref
 * back and comparing the commit it points at with the run's own; a reply lost and not found gives
 * the ref back.
 */
import { afterEach, beforeAll, afterAll, describe, expect, it } from 'vitest';
import { claim, type ClaimAnswer } from '../../src/agent/claim.js';
import { claimIn, claimRef } from '../../src/agent/claim-ref.js';
import type { FollowUpItem } from '../../src/agent/items.js';
import type { RunId } from '../../src/agent/run-mark.js';
import { CommentWriter } from '../../src/github/pull-request.js';
import { octokitPullRequestApi } from '../../src/github/octokit-pull-requests.js';
import {
  keepGitHubEnv,
  startFakeGitHub,
  type FakeGitHub,
  type FakeGitHubOptions,
} from '../helpers/github-api.js';

const COMMENT = 500;
const OURS: RunId = { id: 4242, attempt: 2 };
const REF = 'refs/static-export-helm/claims/101/issue-comment-500';
const restoreEnv = keepGitHubEnv();
let g: FakeGitHub | undefined;

beforeAll(() => {
  process.env.GITHUB_REPOSITORY = 'acme/docs';
});
afterEach(async () => g?.close());
afterAll(restoreEnv);

const item: FollowUpItem = {
  kind: 'comment',
  id: COMMENT,
  commentKind: 'issue',
  threadId: COMMENT,
  author: { login: 'octocat', bot: false, association: 'MEMBER' },
  url: `https://github.com/acme/docs/pull/101#issuecomment-${COMMENT}`,
  createdAt: '2026-03-02T09:00:00Z',
  parts: [{ key: `issue-comment-${COMMENT}`, instruction: ' fix it', url: 'x' }],
};

async function stand(options: Partial<FakeGitHubOptions> = {}) {
  g = await startFakeGitHub({
    pulls: [{ number: 101 }],
    issueComments: [{ id: COMMENT, pull: 101, body: '/agent fix it', user: { login: 'octocat' } }],
    ...options,
  });
  process.env.GITHUB_API_URL = g.apiUrl;
  return g;
}

/** One run's claim of the item, with its log lines. */
async function claimOnce(run: RunId | undefined = OURS) {
  const lines: string[] = [];
  const logger = {
    debug: () => undefined,
    info: (m: string) => lines.push(m),
    notice: (m: string) => lines.push(m),
    warning: (m: string) => lines.push(`warning: ${m}`),
  };
  const writer = new CommentWriter(octokitPullRequestApi('token'), logger, (t) => t);
  const answer = await claim(item, {
    number: 101,
    jobId: 'aj_1',
    writer,
    log: (m) => lines.push(m),
    run,
  });
  return { answer, lines };
}

const sending = (g: FakeGitHub) => g.comments.filter((c) => c.body.includes('📨 **Sending**'));

describe('two claims of one item at the same moment', () => {
  it(
    'exactly one holds it, in each of 30 tries; the other is told another run claimed it',
    { timeout: 180_000 },
    async () => {
      const tally = { claimed: 0, taken: 0, other: 0 };
      for (let i = 0; i < 30; i++) {
        const g = await stand();
        const answers: ClaimAnswer[] = (
          await Promise.all([claimOnce(OURS), claimOnce({ id: 4243, attempt: 1 })])
        ).map((r) => r.answer);
        for (const a of answers)
          if ('claimed' in a) tally.claimed++;
          else if ('taken' in a && a.taken === 'another run claimed it') tally.taken++;
          else tally.other++;
        // At the stand-in: one ref, one reply, and the reply names the commit the ref holds.
        expect([...g.git.refs.keys()]).toEqual([REF]);
        expect(sending(g)).toHaveLength(1);
        expect(claimIn(sending(g)[0]!.body)).toBe(g.git.refs.get(REF));
        await g.close();
      }
      expect(tally).toEqual({ claimed: 30, taken: 30, other: 0 });
    },
  );

  it("an item another run's ref holds is taken: no commit of this run is set on it, no reply", async () => {
    const g = await stand();
    const first = await claimOnce({ id: 1, attempt: 1 });
    expect(first.answer).toMatchObject({ claimed: { refs: [REF] } });
    const held = g.git.refs.get(REF);
    const second = await claimOnce(OURS);
    expect(second.answer).toEqual({ taken: 'another run claimed it' });
    expect(g.git.refs.get(REF)).toBe(held);
    expect(sending(g)).toHaveLength(1);
  });
});

describe('a claim ref whose answer was lost', () => {
  it.each(['reset', 502] as const)(
    'created, its answer lost (%s): read back, the commit is this run’s, claimed once',
    async (lost) => {
      const g = await stand({ loseAnswers: { 'create-ref': [lost] } });
      const { answer, lines } = await claimOnce();
      expect(answer).toMatchObject({ claimed: { refs: [REF], sha: g.git.refs.get(REF) } });
      expect(lines.join('\n')).toMatch(/the ref that claims it got no answer .*it is this run's/);
      expect(g.requests.filter((r) => r.path.endsWith('/git/refs'))).toHaveLength(1);
      expect(sending(g)).toHaveLength(1);
    },
  );

  it('not created (503 before the write): read back absent, asked again, claimed', async () => {
    const g = await stand({ failBefore: { 'create-ref': [503] } });
    const { answer } = await claimOnce();
    expect(answer).toMatchObject({ claimed: { refs: [REF] } });
    expect(g.requests.filter((r) => r.path.endsWith('/git/refs'))).toHaveLength(2);
  });

  it('not created twice (503 before each write): refused, and named as one that may be there', async () => {
    // A create that got no answer may land after its read-back: the refusal names the ref.
    const g = await stand({ failBefore: { 'create-ref': [503, 503] } });
    const { answer } = await claimOnce();
    expect(answer).toEqual({
      refused: expect.stringContaining(`the ref that claims it (${REF}) got no answer twice`),
      mayBeThere: true,
      ref: REF,
    });
    expect(g.requests.filter((r) => r.path.endsWith('/git/refs'))).toHaveLength(2);
    expect(sending(g)).toHaveLength(0);
  });

  it("not created, and another run's ref landed meanwhile: taken, never claimed", async () => {
    const box: { g?: FakeGitHub } = {};
    const g = (box.g = await stand({
      failBefore: { 'create-ref': [502] },
      onRequest: (r) => {
        if (r.method === 'POST' && r.path.endsWith('/git/refs')) box.g!.git.refAt(REF, 'other run');
      },
    }));
    const { answer } = await claimOnce();
    expect(answer).toEqual({ taken: 'another run claimed it' });
    expect(sending(g)).toHaveLength(0);
  });

  it('lost, and the read back gets no answer either: refused, and it may be there', async () => {
    const g = await stand({
      loseAnswers: { 'create-ref': [502] },
      refuse: { 'get-ref': { status: 502 } },
    });
    const { answer } = await claimOnce();
    expect(answer).toEqual({
      refused: expect.stringContaining('GitHub did not answer when it was read back'),
      mayBeThere: true,
      ref: REF,
    });
    expect(g.git.refs.has(REF)).toBe(true);
    expect(sending(g)).toHaveLength(0);
  });
});

describe('a claim GitHub refuses', () => {
  it('403 on the ref (no contents: write): refused, naming the permission; nothing written', async () => {
    const g = await stand({ refuse: { 'create-ref': { status: 403 } } });
    const { answer, lines } = await claimOnce();
    expect(answer).toEqual({ refused: 'GitHub refused the ref that claims it' });
    expect(lines.join('\n')).toContain('contents: write');
    expect(sending(g)).toHaveLength(0);
  });

  it('the reply lost and not listed as written: the ref is given back', async () => {
    const g = await stand({ refuse: { comment: { status: 502 } } });
    const { answer } = await claimOnce();
    expect(answer).toEqual({
      refused: 'GitHub did not answer the reply that claims it, and it is not there',
    });
    expect(g.git.refs.has(REF)).toBe(false);
  });

  it('the reply written, its answer lost: found by the commit it names, claimed', async () => {
    const g = await stand({ loseAnswers: { comment: ['reset'] } });
    const { answer, lines } = await claimOnce();
    expect(answer).toMatchObject({ claimed: { reply: { id: sending(g)[0]!.id } } });
    expect(lines.join('\n')).toMatch(/the reply that claims it got no answer .*, and it is there/);
    expect(claimRef(101, item.parts[0]!.key)).toBe(REF);
  });
});
