/**
 * A claim whose answer GitHub lost is looked for again, through the action's own client (real
 * Octokit) against the GitHub stand-in: of the replies that mark the item, the run takes the one
 * that names it, not a newer claim of another run; off a runner (no run known) it takes the
 * newest, as before. And a comment that already has this identity's 👀: taken when an earlier
 * version's reply quotes it, claimed (and so sent) when a reply only lists it as waiting or says
 * it was not sent.
 */
import { afterEach, beforeAll, afterAll, describe, expect, it } from 'vitest';
import { claim } from '../../src/agent/claim.js';
import { REPLY_MARKER, releasedBody } from '../../src/agent/comment.js';
import type { FollowUpItem } from '../../src/agent/items.js';
import { runLine, type RunId } from '../../src/agent/run-mark.js';
import { CommentWriter } from '../../src/github/pull-request.js';
import { silentLogger } from '../../src/shared/logger.js';
import { octokitPullRequestApi } from '../../src/github/octokit-pull-requests.js';
import { keepGitHubEnv, startFakeGitHub, type FakeGitHub } from '../helpers/github-api.js';

const COMMENT = 500;
const OTHERS = 9_000_000_001;
const OURS: RunId = { id: 4242, attempt: 2 };
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
  parts: [{ instruction: ' fix it', url: 'x' }],
};

/**
 * The claim's reply lands and its answer is lost; while it is on its way, another run's claim
 * of the same item (a newer reply) lands too.
 */
async function claimLost(run: RunId | undefined) {
  const box: { g?: FakeGitHub } = {};
  g = box.g = await startFakeGitHub({
    pulls: [{ number: 101 }],
    issueComments: [{ id: COMMENT, pull: 101, body: '/agent fix it', user: { login: 'octocat' } }],
    loseAnswers: { comment: ['reset'] },
    onRequest: (r) => {
      if (r.method !== 'POST' || !r.path.endsWith('/issues/101/comments')) return;
      const other = String(r.body.body).replace(runLine(OURS), runLine({ id: 777, attempt: 1 }));
      box.g!.comments.push({
        id: OTHERS,
        pull: 101,
        body: run ? other : `${other}another run`,
        user: { login: 'github-actions[bot]', type: 'Bot' },
        author_association: 'NONE',
        created_at: '2026-03-02T09:00:05Z',
        updated_at: '2026-03-02T09:00:05Z',
      });
    },
  });
  process.env.GITHUB_API_URL = g.apiUrl;
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
    replies: [],
    log: (m) => lines.push(m),
    run,
  });
  const ours = g.comments.find((c) => c.body.includes('docs-agent-taken') && c.id !== OTHERS);
  return { answer, lines, ours: ours! };
}

describe('a claim whose answer was lost', () => {
  it("takes the reply that names this run, not another run's newer one", async () => {
    const { answer, lines, ours } = await claimLost(OURS);
    expect(ours.body).toContain(runLine(OURS));
    expect(answer).toEqual({
      claimed: {
        reply: {
          kind: 'issue',
          id: ours.id,
          url: expect.stringContaining(`#issuecomment-${ours.id}`),
        },
        lock: expect.objectContaining({ commentId: COMMENT }),
      },
    });
    expect(lines.join('\n')).toMatch(/the reply that claims it got no answer .*, and it is there/);
  });

  it('off a runner (no run known): the newest reply, as before', async () => {
    const { answer } = await claimLost(undefined);
    expect(answer).toMatchObject({ claimed: { reply: { id: OTHERS } } });
  });
});

/** A claim of the item whose comment already has this identity's 👀, beside an app's `reply`. */
async function claimBeside(reply: string) {
  g = await startFakeGitHub({
    pulls: [{ number: 101 }],
    issueComments: [{ id: COMMENT, pull: 101, body: '/agent fix it', user: { login: 'octocat' } }],
  });
  g.reactions.push({ kind: 'issue', commentId: COMMENT, content: 'eyes' });
  process.env.GITHUB_API_URL = g.apiUrl;
  const writer = new CommentWriter(octokitPullRequestApi('token'), silentLogger, (t) => t);
  const app = { login: 'github-actions[bot]', bot: true, association: 'NONE' };
  const at = '2026-03-02T09:00:05Z';
  return claim(item, {
    number: 101,
    jobId: 'aj_1',
    writer,
    replies: [{ id: 600, body: reply, author: app, url: 'x', createdAt: at, updatedAt: at }],
    log: () => undefined,
    run: OURS,
  });
}

describe("a comment with this identity's 👀 already on it", () => {
  it('answered by an earlier version (its reply quotes it): taken, not sent again', async () => {
    const answer = await claimBeside(
      `${REPLY_MARKER}\n[Instruction](${item.url}) from \`octocat\`:\n\n\`\`\`\nfix it\n\`\`\`\n`,
    );
    expect(answer).toEqual({ taken: 'answered by an earlier run (its 👀 and reply)' });
  });

  it('listed as waiting by another reply (a leftover 👀): claimed and sent', async () => {
    const answer = await claimBeside(
      `${REPLY_MARKER}\n✅ Sent.\n\nNot sent by this run…:\n\n- [Comment ${COMMENT}](${item.url})\n`,
    );
    expect(answer).toMatchObject({ claimed: { lock: { commentId: COMMENT } } });
  });

  it('said not sent by a released claim: claimed and sent', async () => {
    const answer = await claimBeside(releasedBody(item, 'the run was cancelled'));
    expect(answer).toMatchObject({ claimed: { lock: { commentId: COMMENT } } });
  });
});

describe('a claim whose answer was lost, and whose replies GitHub does not list', () => {
  it('is not said to be untaken: the reply may be there (it is), and the answer says so', async () => {
    g = await startFakeGitHub({
      pulls: [{ number: 101 }],
      issueComments: [
        { id: COMMENT, pull: 101, body: '/agent fix it', user: { login: 'octocat' } },
      ],
      loseAnswers: { comment: ['reset'], list: Array<502>(20).fill(502) },
    });
    process.env.GITHUB_API_URL = g.apiUrl;
    const writer = new CommentWriter(octokitPullRequestApi('token'), silentLogger, (t) => t);
    const answer = await claim(item, {
      number: 101,
      jobId: 'aj_1',
      writer,
      replies: [],
      log: () => undefined,
      run: OURS,
    });
    expect(answer).toEqual({
      refused: expect.stringContaining('GitHub did not list the replies to look for it'),
      mayBeThere: true,
    });
    // It was written: a run that said "untaken, the next run sends it" would be wrong.
    expect(g.comments.some((c) => c.body.includes('docs-agent-taken'))).toBe(true);
  });
});
