/**
 * The line that names the workflow run of a claim: read from the runner's environment, written
 * under the claim's `taken` line, gone once the outcome replaces the claim, and absent from a
 * claim of an earlier version (which still marks its item taken).
 */
import { describe, expect, it } from 'vitest';
import { isOwnReply, markedIn, replyBody } from '../../src/agent/comment.js';
import {
  claimBody,
  claimIn,
  claimMarks,
  keyOfTaken,
  keysIn,
  marksIn,
} from '../../src/agent/claim-ref.js';
import { digestOf, sentLines } from '../../src/agent/edited.js';
import { runFromEnv, runIn, runLine, sameRun } from '../../src/agent/run-mark.js';

const item = {
  kind: 'comment' as const,
  commentKind: 'issue' as const,
  id: 7,
  url: 'https://x/7',
  parts: [{ key: 'issue-comment-7' }],
};
const bot = { bot: true };
const SHA = '0123456789abcdef0123456789abcdef01234567';

describe('the run a claim names', () => {
  it('is GITHUB_RUN_ID and GITHUB_RUN_ATTEMPT; none off a runner', () => {
    expect(runFromEnv({ GITHUB_RUN_ID: '111', GITHUB_RUN_ATTEMPT: '2' })).toEqual({
      id: 111,
      attempt: 2,
    });
    expect(runFromEnv({ GITHUB_RUN_ID: '111' })).toEqual({ id: 111, attempt: 1 });
    expect(runFromEnv({})).toBeUndefined();
    expect(runFromEnv({ GITHUB_RUN_ID: '11 1' })).toBeUndefined();
  });

  it('is a line of its own under the taken line, read back; the outcome drops it', () => {
    const run = { id: 111, attempt: 2 };
    const body = claimBody(item, 'aj_1', SHA, run);
    expect(body.split('\n').slice(0, 4)).toEqual([
      '<!-- docs-agent-reply -->',
      '<!-- docs-agent-taken: issue comment 7 -->',
      `<!-- docs-agent-claim: ${SHA} -->`,
      '<!-- docs-agent-run: 111 attempt 2 -->',
    ]);
    expect(claimIn(body)).toBe(SHA);
    expect(keyOfTaken(body.split('\n')[1]!)).toBe('issue-comment-7');
    expect(runIn(body)).toEqual(run);
    expect(markedIn([{ body, author: bot }], 'taken', item)).toBe(true);
    // Not a line of its own: not a mark.
    expect(runIn(`x ${runLine(run)}`)).toBeUndefined();
    const outcome = replyBody(
      { kind: 'cancelled', jobId: 'aj_1' },
      {
        instruction: 'go',
        login: 'octocat',
        url: item.url,
        mark: claimMarks(item, SHA),
      },
      {},
    );
    expect(runIn(outcome)).toBeUndefined();
    // The outcome keeps the item's marks: the item, and the claim's commit.
    expect(claimIn(outcome)).toBe(SHA);
    expect(markedIn([{ body: outcome, author: bot }], 'taken', item)).toBe(true);
  });

  it('a claim off a runner names no run', () => {
    const body = claimBody(item, 'aj_1', SHA);
    expect(body.split('\n').slice(0, 4)).toEqual([
      '<!-- docs-agent-reply -->',
      '<!-- docs-agent-taken: issue comment 7 -->',
      `<!-- docs-agent-claim: ${SHA} -->`,
      expect.stringMatching(/^📨 \*\*Sending\*\*/),
    ]);
    expect(runIn(body)).toBeUndefined();
    expect(markedIn([{ body, author: bot }], 'taken', item)).toBe(true);
  });

  it("a review's claim names the parts it holds; the sweep reads the lead part's key from it", () => {
    const review = {
      kind: 'review' as const,
      id: 9,
      url: 'https://x/9',
      parts: [{ key: 'review-comment-11' }, { key: 'review-comment-12' }],
    };
    const body = claimBody(review, 'aj_1', SHA, { id: 111, attempt: 1 });
    expect(body.split('\n').slice(1, 4)).toEqual([
      '<!-- docs-agent-taken: review 9 -->',
      '<!-- docs-agent-parts: review-comment-11 review-comment-12 -->',
      `<!-- docs-agent-claim: ${SHA} -->`,
    ]);
    expect(keysIn(body)).toEqual(['review-comment-11', 'review-comment-12']);
    // The marks a later edit keeps: not the run's line.
    expect(marksIn(body)).toEqual(body.split('\n').slice(1, 4));
    // A comment's reply has no parts line: its taken line names its one part.
    expect(keysIn(claimBody(item, 'aj_1', SHA))).toEqual(['issue-comment-7']);
  });

  it('what was sent is named by a digest of the text a reader sees, trimmed', () => {
    expect(sentLines([{ key: 'issue-comment-7', instruction: ' Fix it. ' }])).toBe(
      `<!-- docs-agent-sent: issue-comment-7 ${digestOf('Fix it.')} -->`,
    );
    expect(digestOf('Fix it.')).toMatch(/^[0-9a-f]{16}$/);
    expect(digestOf('Fix it.\nAlso the FAQ.')).not.toBe(digestOf('Fix it.'));
  });

  it('the same run is the same id and attempt', () => {
    expect(sameRun({ id: 1, attempt: 1 }, { id: 1, attempt: 1 })).toBe(true);
    expect(sameRun({ id: 1, attempt: 1 }, { id: 1, attempt: 2 })).toBe(false);
    expect(sameRun(undefined, { id: 1, attempt: 1 })).toBe(false);
  });

  it("a reply is the loop's own by its marker and by github-token's account, both", () => {
    const body = claimBody(item, 'aj_1', SHA);
    const by = (login: string, isBot = false) => ({ body, author: { login, bot: isBot } });
    expect(isOwnReply(by('docs-bot'), 'docs-bot')).toBe(true);
    // Anyone can paste the marker; another app too.
    expect(isOwnReply(by('octocat'), 'docs-bot')).toBe(false);
    expect(isOwnReply(by('renovate[bot]', true), 'github-actions[bot]')).toBe(false);
    expect(
      isOwnReply({ body: 'no marker', author: { login: 'docs-bot', bot: false } }, 'docs-bot'),
    ).toBe(false);
    expect(markedIn([by('docs-bot')], 'taken', item, 'docs-bot')).toBe(true);
    expect(markedIn([by('octocat')], 'taken', item, 'docs-bot')).toBe(false);
  });
});
