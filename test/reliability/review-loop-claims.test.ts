/**
 * The review loop's claim when GitHub carries a write out and the answer is lost (the connection
 * reset, or a 502, after the write landed), end to end: dist/agent on a real payload file, against
 * the GitHub stand-in (test/helpers/github-api.ts, `loseAnswers`) and the simulator. The run looks
 * on GitHub before deciding, finds its own claim, and sends the instruction once; a re-run sends
 * nothing more. Each case counts the messages the simulator received for the instruction.
 */
import { describe, expect, it } from 'vitest';
import type { FakeGitHubOptions } from '../helpers/github-api.js';
import {
  agentOn,
  COMMENT_ID,
  eventFile,
  ISSUE_COMMENT,
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
