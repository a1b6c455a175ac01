/**
 * The review loop's replies stay within GitHub's body limit (65,536 characters): a long
 * instruction is quoted as an excerpt with a link to the whole comment.
 */
import { describe, expect, it } from 'vitest';
import { MAX_QUOTE, replyBody, reviewReplyBody } from '../../src/agent/comment.js';
import { claimMarks } from '../../src/agent/claim-ref.js';

const URL = 'https://github.com/acme/docs/pull/101#issuecomment-7';
const SHA = '0123456789abcdef0123456789abcdef01234567';
const LIMIT = 65_536;

describe("a reply's quote", () => {
  it('of a 65,250-character instruction: an excerpt and a link, the body within the limit', () => {
    const instruction = 'x'.repeat(65_250);
    const body = replyBody(
      { kind: 'cancelled', jobId: 'aj_1' },
      {
        instruction,
        login: 'octocat',
        url: URL,
        mark: claimMarks(
          { kind: 'comment', commentKind: 'issue', id: 7, parts: [{ key: 'issue-comment-7' }] },
          SHA,
        ),
      },
      { run: 'https://github.com/acme/docs/actions/runs/1' },
    );
    expect(body.length).toBeLessThanOrEqual(LIMIT);
    expect(body).toContain('x'.repeat(MAX_QUOTE));
    expect(body).not.toContain('x'.repeat(MAX_QUOTE + 1));
    expect(body).toContain(
      `(The first ${MAX_QUOTE} of 65250 characters; the whole text: [the instruction](${URL}).)`,
    );
  });

  it('of a short instruction: whole, no note', () => {
    const body = replyBody(
      { kind: 'cancelled', jobId: 'aj_1' },
      { instruction: 'Fix it.', login: 'octocat', url: URL },
      {},
    );
    expect(body).toContain('```text\nFix it.\n```');
    expect(body).not.toContain('The first');
  });

  it("of a review's whole prompt, three 25,000-character comments: within the limit", () => {
    const parts = [1, 2, 3].map((n) => ({
      what: `a comment on a.md, line ${n}`,
      url: `${URL}-${n}`,
    }));
    const body = reviewReplyBody(
      { kind: 'error', jobId: 'aj_1', message: 'refused' },
      { reviewId: 9, login: 'octocat', url: URL, parts, prompt: 'y'.repeat(75_000) },
      {},
    );
    expect(body.length).toBeLessThanOrEqual(LIMIT);
  });
});
