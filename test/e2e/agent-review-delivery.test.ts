/**
 * What the review loop says it delivered, end to end (dist/agent on real payload files, the GitHub
 * stand-in, the simulator): a message without an answer is settled by the job's signs or said to
 * be maybe delivered (never sent again by itself), an item too old gets one reply, the outputs are
 * the last delivered item's, and a review's run from a fork waits. Each case counts the messages
 * the simulator received: at most one per instruction across every run.
 */
import type { ChildProcess } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  agentOn,
  COMMENT_ID,
  eventFile,
  ISSUE_COMMENT,
  posted,
  rerun,
  sentPrompts,
  TWO_PARTS,
  world,
} from '../helpers/review-loop.js';
import { eventFile as payloadFile } from '../helpers/agent-events.js';

const replies = (g: Parameters<typeof posted>[0]) =>
  posted(g).filter((c) => c.body.startsWith('<!-- docs-agent-reply -->'));

describe.concurrent(
  'what the review loop delivered',
  // Up to three runs of dist/ each: more than the default limit when the machine is busy.
  { timeout: 120_000 },
  () => {
    it('a message whose answer is lost (reset after the service took it): settled by the pickup, sent once', async () => {
      const event = await eventFile(ISSUE_COMMENT);
      const { s, g, jobId } = await world({
        comment: { id: COMMENT_ID, body: String(event.payload.comment!.body) },
      });
      s.inject({ op: 'message', fault: { type: 'reset-after' } });
      const run = await agentOn(event, s, g);
      expect(run.code, run.stdout).toBe(0);
      expect(sentPrompts(s)).toHaveLength(1);
      expect(run.stdout).toMatch(
        /^::warning::The follow-up message to agent job \w+ got no answer/m,
      );
      expect(replies(g)[0]!.body).toContain(`✅ **Done**: agent job \`${jobId}\` completed`);
      expect((await rerun(event, s, g)).code).toBe(0);
      expect(sentPrompts(s)).toHaveLength(1);
    });

    it('a message the service recorded, then answered 503: never sent again, settled by the pickup; one message at the service', async () => {
      const event = await eventFile(ISSUE_COMMENT);
      const { s, g, jobId } = await world({
        comment: { id: COMMENT_ID, body: String(event.payload.comment!.body) },
      });
      s.inject({ op: 'message', fault: { type: 'status-after', status: 503 } });
      const run = await agentOn(event, s, g);
      expect(run.code, run.stdout).toBe(0);
      expect(s.requestsFor('message').map((r) => r.status)).toEqual([503]);
      expect(s.agentJobs.get(jobId)!.messages).toBe(1);
      expect(run.stdout).toMatch(
        /^::warning::The follow-up message to agent job \w+ got no answer/m,
      );
      const reply = replies(g)[0]!.body;
      console.log(`reply to a 503 the service recorded:\n${reply}`);
      expect(reply).toContain(`✅ **Done**: agent job \`${jobId}\` completed`);
      expect((await rerun(event, s, g)).code).toBe(0);
      expect(s.agentJobs.get(jobId)!.messages).toBe(1);
    });

    it('cancelled while the message is on its way: the reply says maybe sent, and so do the outputs (delivered, status)', async () => {
      const event = await eventFile(ISSUE_COMMENT);
      const { s, g } = await world({
        comment: { id: COMMENT_ID, body: String(event.payload.comment!.body) },
      });
      s.inject({ op: 'message', fault: { type: 'delay', ms: 8000 } });
      // SIGTERM (as the runner sends on a cancel) once the message reached the service.
      const run = await agentOn(
        event,
        s,
        g,
        {},
        {
          onStart: (child: ChildProcess) => {
            const timer = setInterval(() => {
              if (s.requestsFor('message').length === 0) return;
              clearInterval(timer);
              child.kill('SIGTERM');
            }, 20);
            child.on('close', () => clearInterval(timer));
          },
        },
      );
      expect(run.code).not.toBe(0);
      expect(replies(g)[0]!.body).toContain('❔ **Maybe sent**');
      expect(run.outputs.status).toBe('maybe-sent');
      expect(JSON.parse(run.outputs.delivered ?? '[]')).toEqual([
        expect.objectContaining({ id: COMMENT_ID, status: 'maybe-sent' }),
      ]);
    });

    it("cancelled with SIGINT while the message is on its way (then SIGTERM 7.5 s later, as GitHub's runner does): the outputs say maybe sent", async () => {
      const event = await eventFile(ISSUE_COMMENT);
      const { s, g } = await world({
        comment: { id: COMMENT_ID, body: String(event.payload.comment!.body) },
      });
      s.inject({ op: 'message', fault: { type: 'delay', ms: 8000 } });
      const signals: string[] = [];
      const run = await agentOn(
        event,
        s,
        g,
        {},
        {
          onStart: (child: ChildProcess) => {
            let term: NodeJS.Timeout | undefined;
            const timer = setInterval(() => {
              if (s.requestsFor('message').length === 0) return;
              clearInterval(timer);
              signals.push('SIGINT');
              child.kill('SIGINT');
              // The runner's own follow-up, not a bound on the test: only if the step is still going.
              term = setTimeout(() => {
                signals.push('SIGTERM');
                child.kill('SIGTERM');
              }, 7500);
            }, 20);
            child.on('close', () => {
              clearInterval(timer);
              clearTimeout(term);
            });
          },
        },
      );
      expect(signals[0]).toBe('SIGINT');
      expect(run.code).not.toBe(0);
      expect(sentPrompts(s)).toHaveLength(1);
      expect(replies(g)[0]!.body).toContain('❔ **Maybe sent**');
      expect(run.outputs.status).toBe('maybe-sent');
      expect(JSON.parse(run.outputs.delivered ?? '[]')).toEqual([
        expect.objectContaining({ id: COMMENT_ID, status: 'maybe-sent' }),
      ]);
    });

    it('a message that gets a 502 and no sign: may have been delivered, the step fails, the next item waits; no run resends it', async () => {
      const event = await eventFile(ISSUE_COMMENT);
      const { s, g } = await world({
        agent: { pickupMs: Infinity },
        comments: TWO_PARTS,
        github: {
          pulls: [{ number: 101, headShas: ['0123456789abcdef0123456789abcdef01234567'] }],
        },
      });
      s.inject({ op: 'message', fault: { type: 'status', status: 502, body: 'Bad Gateway' } });
      const run = await agentOn(event, s, g, { 'pickup-grace': '1s' });
      expect(run.code, run.stdout).toBe(1);
      expect(sentPrompts(s)).toEqual(['Fix part 1.']);
      const reply = replies(g)[0]!.body;
      expect(reply).toContain('❔ **May have been delivered**');
      expect(reply).toContain('to send it again on purpose, write it in a new comment');
      // The reply lists the item this run left untaken after it, not only the log.
      expect(reply).toContain(
        `this instruction waits, untaken, for the next run of the review loop on this pull request (a re-run of this workflow, or any new comment or review):\n\n- [Comment ${COMMENT_ID}](https://github.com/acme/docs/pull/101#issuecomment-${COMMENT_ID})`,
      );
      expect(run.stdout).toMatch(
        new RegExp(
          `1 more item waits, untaken, for a later run .*#issuecomment-${COMMENT_ID}$`,
          'm',
        ),
      );
      expect(run.stdout).toMatch(/^::error::The follow-up message to agent job \w+ got no answer/m);
      expect(JSON.parse(run.outputs.delivered!)).toEqual([
        expect.objectContaining({ id: COMMENT_ID - 1, status: 'maybe-sent' }),
      ]);
      // The next runs send the second once, and never the first again.
      for (let i = 0; i < 2; i++)
        expect((await agentOn(event, s, g, { 'pickup-grace': '1s' })).code).toBeDefined();
      expect(sentPrompts(s)).toEqual(['Fix part 1.', 'Fix part 2.']);
    });

    it('an item too old to send gets one reply saying so, never silence', async () => {
      const event = await eventFile(ISSUE_COMMENT, (p) => {
        p.comment!.body = 'Thanks!';
      });
      const { s, g } = await world({
        comments: [{ id: COMMENT_ID - 1, body: '/agent Fix the old typo.' }],
        comment: { id: COMMENT_ID, body: 'Thanks!' },
      });
      g.comments.find((c) => c.id === COMMENT_ID - 1)!.created_at = '2026-02-27T09:00:00Z';
      for (let i = 0; i < 2; i++) expect((await agentOn(event, s, g)).code).toBe(0);
      expect(sentPrompts(s)).toEqual([]);
      expect(replies(g).map((c) => c.body.split('\n').slice(1, 3))).toEqual([
        [
          `<!-- docs-agent-stale: issue comment ${COMMENT_ID - 1} -->`,
          expect.stringMatching(
            /^⌛ \*\*Not sent\*\*: \[this instruction\]\(.*\) \(2026-02-27T09:00:00Z\) is more than a day older/,
          ),
        ],
      ]);
    });

    it("the outputs are the last delivered item's: /agent fix A, then a bare /agent", async () => {
      const event = await eventFile(ISSUE_COMMENT);
      const { s, g, jobId } = await world({
        comments: [
          { id: COMMENT_ID - 1, body: '/agent Fix A.' },
          { id: COMMENT_ID, body: '/agent' },
        ],
      });
      const run = await agentOn(event, s, g);
      expect(run.code, run.stdout).toBe(0);
      expect(sentPrompts(s)).toEqual(['Fix A.']);
      const done = replies(g)[0]!;
      expect(run.outputs).toMatchObject({
        'job-id': jobId,
        status: 'completed',
        'pr-link': 'https://github.com/acme/docs/pull/101',
        'comment-url': `https://github.com/acme/docs/pull/101#issuecomment-${done.id}`,
      });
      expect(JSON.parse(run.outputs.delivered!)).toEqual([
        {
          url: `https://github.com/acme/docs/pull/101#issuecomment-${COMMENT_ID - 1}`,
          kind: 'comment',
          id: COMMENT_ID - 1,
          'job-id': jobId,
          status: 'completed',
          'pr-link': 'https://github.com/acme/docs/pull/101',
          'comment-url': `https://github.com/acme/docs/pull/101#issuecomment-${done.id}`,
        },
      ]);
      expect((await rerun(event, s, g)).code).toBe(0);
      expect(sentPrompts(s)).toEqual(['Fix A.']);
    });

    it('a review run from a fork (no secrets, read-only token): nothing sent or written, the review waits', async () => {
      const event = await payloadFile(
        'pull_request_review.submitted.json',
        'pull_request_review',
        (p) => {
          const head = p.pull_request!.head as { repo: { full_name: string } };
          head.repo.full_name = 'drive-by/docs';
        },
      );
      const { s, g } = await world();
      const run = await agentOn(event, s, g, { 'api-key': '' });
      expect(run.code, run.stdout).toBe(0);
      expect(run.stdout).toMatch(
        /^::warning::This pull_request_review run is on a pull request from a fork/m,
      );
      expect(g.requests).toEqual([]);
      expect(s.requestsFor('message')).toEqual([]);
    });
  },
);
