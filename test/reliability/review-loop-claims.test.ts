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
const CLAIM = `refs/static-export-helm/claims/101/issue-comment-${COMMENT_ID}`;

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
        expect(replies[0]!.body.split('\n').slice(0, 4)).toEqual([
          '<!-- docs-agent-reply -->',
          TAKEN,
          `<!-- docs-agent-claim: ${g.git.claimAt(CLAIM)} -->`,
          expect.stringMatching(/^✅ \*\*Done\*\*/),
        ]);
        expect(run.outputs['comment-url']).toMatch(new RegExp(`#issuecomment-${replies[0]!.id}$`));
        const again = await agentOn(event, s, g);
        expect(again.code, again.stdout).toBe(0);
        expect(sentPrompts(s)).toEqual([INSTRUCTION]);
        expect(posted(g)).toHaveLength(1);
      },
    );

    it.each(['reset', 502] as const)(
      'the claim ref created, its answer lost (%s): read back as this run’s, sent once; a re-run sends nothing',
      async (lost) => {
        const { s, g, event } = await lossyWorld({ 'create-ref': [lost] });
        const run = await agentOn(event, s, g);
        expect(run.code, run.stdout).toBe(0);
        expect(run.stdout).not.toMatch(/^::(warning|error)::/m);
        expect(run.stdout).toMatch(
          new RegExp(
            `^Comment ${COMMENT_ID}: the ref that claims it got no answer .*it is this run's\\.$`,
            'm',
          ),
        );
        expect([...g.git.refs.keys()]).toEqual([CLAIM]);
        const again = await agentOn(event, s, g);
        expect(again.code, again.stdout).toBe(0);
        expect(again.stdout).toContain(`Pull request #101: no /agent item that no run took yet`);
        expect(sentPrompts(s)).toEqual([INSTRUCTION]);
        expect(posted(g)).toHaveLength(1);
      },
    );
  },
);

describe('two runs started together on one comment, with no concurrency group', () => {
  it(
    'never both send it: 20 tries, one message each at the simulator, one claim and one reply at GitHub',
    { timeout: 900_000 },
    async () => {
      const tries = 20;
      const delivered: number[] = [];
      const winners: string[] = [];
      for (let i = 0; i < tries; i++) {
        const { s, g, event } = await lossyWorld({});
        const runs = await Promise.all(
          ['5001', '5002'].map((id) =>
            agentOn(event, s, g, {}, { env: { GITHUB_RUN_ID: id, GITHUB_RUN_ATTEMPT: '1' } }),
          ),
        );
        for (const run of runs) expect(run.code, run.stdout).toBe(0);
        // Counted where the job receives them: the simulator's message requests.
        delivered.push(sentPrompts(s).length);
        expect([...g.git.refs.keys()]).toEqual([CLAIM]);
        expect(posted(g)).toHaveLength(1);
        const said = runs.map((r) =>
          r.stdout.includes(`Comment ${COMMENT_ID}: another run claimed it; not sent again.`)
            ? 'lost the race'
            : r.stdout.includes('no /agent item that no run took yet')
              ? 'found it taken'
              : 'sent',
        );
        expect(said.filter((w) => w === 'sent')).toHaveLength(1);
        winners.push(said.join(' / '));
      }
      expect(delivered).toEqual(Array<number>(tries).fill(1));
      console.log(
        `race: ${tries} tries, deliveries per try ${JSON.stringify(delivered)}; ${JSON.stringify(winners)}`,
      );
    },
  );
});
