/**
 * The review loop's claim when GitHub carries a write out and the answer is lost (the connection
 * reset, or a 502, after the write landed), end to end: dist/agent on a real payload file, against
 * the GitHub stand-in (test/helpers/github-api.ts, `loseAnswers`) and the simulator. The run looks
 * on GitHub before deciding, finds its own claim, and sends the instruction once; a re-run sends
 * nothing more. And a message whose answer is lost (maybe delivered): the reply says so, lists the
 * instructions the run left untaken after it, and the next runs send those, never that one again.
 * Each case counts the messages the simulator received for each instruction across every run.
 */
import { describe, expect, it } from 'vitest';
import type { FakeGitHubOptions } from '../helpers/github-api.js';
import {
  agentOn,
  COMMENT_ID,
  eventFile,
  ISSUE_COMMENT,
  PR,
  posted,
  sentPrompts,
  world,
} from '../helpers/review-loop.js';

const INSTRUCTION = 'Also fix the broken link in the quickstart.\nKeep the wording short.';
const TAKEN = `<!-- docs-agent-taken: issue comment ${COMMENT_ID} -->`;

/** The event's comment on the pull request, and GitHub losing the answers `lose` says. */
async function lossyWorld(lose: NonNullable<FakeGitHubOptions['loseAnswers']>) {
  const event = await eventFile(ISSUE_COMMENT);
  const w = await world({
    comment: { id: COMMENT_ID, body: String(event.payload.comment!.body) },
    github: { loseAnswers: lose },
  });
  return { ...w, event };
}

describe.concurrent(
  'a claim whose answer GitHub lost after the write',
  // Two runs of dist/ each.
  { timeout: 120_000 },
  () => {
    it.each(['reset', 502] as const)(
      'the claim reply written, its answer lost (%s): found again, sent once; a re-run sends nothing',
      async (lost) => {
        const { s, g, event } = await lossyWorld({ comment: [lost] });
        const run = await agentOn(event, s, g);
        expect(run.code, run.stdout).toBe(0);
        // Not a refusal: no warning that the item was not claimed.
        expect(run.stdout).not.toMatch(/^::(warning|error)::/m);
        expect(run.stdout).toMatch(
          new RegExp(
            `^Comment ${COMMENT_ID}: the reply that claims it got no answer \\(GitHub (could not be reached|answered 502).*\\), and it is there: \\S+#issuecomment-\\d+$`,
            'm',
          ),
        );
        // One reply: the claim, edited with the outcome (never a second claim).
        const replies = posted(g);
        expect(replies).toHaveLength(1);
        expect(replies[0]!.body.split('\n').slice(0, 3)).toEqual([
          '<!-- docs-agent-reply -->',
          TAKEN,
          expect.stringMatching(/^✅ \*\*Done\*\*/),
        ]);
        expect(run.outputs['comment-url']).toMatch(new RegExp(`#issuecomment-${replies[0]!.id}$`));
        const again = await agentOn(event, s, g);
        expect(again.code, again.stdout).toBe(0);
        expect(sentPrompts(s)).toEqual([INSTRUCTION]);
        expect(posted(g)).toHaveLength(1);
      },
    );

    it("the 👀 written, its answer lost: asked again, GitHub's 200 is not taken for another run's claim; sent once, a re-run sends nothing", async () => {
      const { s, g, event } = await lossyWorld({ react: ['reset'] });
      const run = await agentOn(event, s, g);
      expect(run.code, run.stdout).toBe(0);
      expect(run.stdout).not.toMatch(/^::(warning|error)::/m);
      expect(run.stdout).toMatch(
        new RegExp(
          `^Comment ${COMMENT_ID}: the 👀 that claims it got no answer \\(GitHub could not be reached .*\\); asking again\\.$`,
          'm',
        ),
      );
      // Added (answer lost), asked again (200: there), taken off, added again (201: the claim).
      const eyes = g.requests.filter(
        (r) => r.path.includes(`/comments/${COMMENT_ID}/reactions`) && r.raw.includes('eyes'),
      );
      expect(eyes.map((r) => r.method)).toEqual(['POST', 'POST', 'POST']);
      expect(
        g.requests.filter((r) => r.method === 'DELETE' && r.path.includes('/reactions/')),
      ).toHaveLength(1);
      expect(g.reactions.map((r) => r.content)).toEqual(['eyes', '+1']);
      expect(posted(g)[0]!.body).toContain(TAKEN);
      const again = await agentOn(event, s, g);
      expect(again.code, again.stdout).toBe(0);
      expect(again.stdout).toContain(`Pull request #101: no /agent item that no run took yet`);
      expect(sentPrompts(s)).toEqual([INSTRUCTION]);
      expect(posted(g)).toHaveLength(1);
    });
  },
);

describe.concurrent('a message that may have been delivered', { timeout: 120_000 }, () => {
  it('the reply says so and lists the instructions left untaken after it; the next runs send each of those once, never that one again', async () => {
    const event = await eventFile(ISSUE_COMMENT);
    const ids = [COMMENT_ID - 2, COMMENT_ID - 1, COMMENT_ID];
    const { s, g } = await world({
      // Never taken up, and the head never moves: no sign settles the lost answer.
      agent: { pickupMs: Infinity },
      comments: ids.map((id, i) => ({ id, body: `/agent Fix part ${i + 1}.` })),
      github: { pulls: [{ number: PR, headShas: ['0123456789abcdef0123456789abcdef01234567'] }] },
    });
    s.inject({ op: 'message', fault: { type: 'status', status: 502, body: 'Bad Gateway' } });
    const run = await agentOn(event, s, g, { 'pickup-grace': '1s' });
    expect(run.code, run.stdout).toBe(1);
    expect(sentPrompts(s)).toEqual(['Fix part 1.']);
    const reply = posted(g)[0]!.body;
    expect(reply).toContain('❔ **May have been delivered**');
    const link = (id: number) => `https://github.com/acme/docs/pull/${PR}#issuecomment-${id}`;
    expect(reply).toContain(
      [
        'these 2 instructions wait, untaken, for the next run of the review loop on this pull request (a re-run of this workflow, or any new comment or review):',
        '',
        `- [Comment ${ids[1]}](${link(ids[1]!)})`,
        `- [Comment ${ids[2]}](${link(ids[2]!)})`,
      ].join('\n'),
    );
    // A re-run of the same event: the two waiting are sent (the second waits again, as the
    // first of them is never taken up), then the last; the maybe-delivered one never again.
    for (let i = 0; i < 3; i++) await agentOn(event, s, g, { 'pickup-grace': '1s' });
    expect(sentPrompts(s)).toEqual(['Fix part 1.', 'Fix part 2.', 'Fix part 3.']);
    // The second, never confirmed, held the third back: its reply lists it.
    const second = posted(g).find((c) => c.body.includes(`issue comment ${ids[1]} -->`))!.body;
    expect(second).toContain('❔ **Not confirmed**');
    expect(second).toContain(`this instruction waits, untaken,`);
    expect(second).toContain(`- [Comment ${ids[2]}](${link(ids[2]!)})`);
    expect(posted(g)).toHaveLength(3);
  });
});
