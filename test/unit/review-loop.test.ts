/**
 * The review loop's pure decisions: the event payloads (the fixture files, shaped as GitHub sends
 * them), which comments are for the agent, which job a pull request names, which links are this
 * repository's pull requests, and code that text from a comment cannot break out of.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { announceBody, jobMarker, markersIn, replyBody } from '../../src/agent/comment.js';
import { parseCommentEvent } from '../../src/agent/event.js';
import { instructionAfter, markerCandidates, newestMarker } from '../../src/agent/review-loop.js';
import type { AgentJob } from '../../src/api/schemas.js';
import type { IssueComment, PullRequest } from '../../src/github/pull-request.js';
import { pullRequestNumber } from '../../src/github/pull-request.js';
import { codeBlock, inlineCode } from '../../src/shared/markdown.js';

const fixture = (name: string) =>
  JSON.parse(
    readFileSync(new URL(`../fixtures/events/${name}.created.json`, import.meta.url), 'utf8'),
  ) as Record<string, Record<string, unknown>>;

describe('comment event payloads', () => {
  it('reads an issue_comment on a pull request', () => {
    expect(parseCommentEvent('issue_comment', fixture('issue_comment'))).toEqual({
      name: 'issue_comment',
      action: 'created',
      pullNumber: 101,
      comment: {
        id: 2701234567,
        kind: 'issue',
        body: '/agent Also fix the broken link in the quickstart.\r\nKeep the wording short.',
        author: { login: 'octocat', bot: false, association: 'MEMBER' },
        url: 'https://github.com/acme/docs/pull/101#issuecomment-2701234567',
        threadId: 2701234567,
        createdAt: '2026-03-02T09:12:39Z',
      },
    });
  });

  it('an issue_comment on an issue has no pull request', () => {
    const payload = fixture('issue_comment');
    delete payload.issue!.pull_request;
    expect(parseCommentEvent('issue_comment', payload).pullNumber).toBeUndefined();
  });

  it('reads a review comment; a reply in a thread answers the thread', () => {
    const payload = fixture('pull_request_review_comment');
    const event = parseCommentEvent('pull_request_review_comment', payload);
    expect(event).toMatchObject({
      pullNumber: 101,
      comment: { id: 1987654321, kind: 'review', threadId: 1987654321 },
    });
    payload.comment!.in_reply_to_id = 1987654000;
    expect(parseCommentEvent('pull_request_review_comment', payload).comment.threadId).toBe(
      1987654000,
    );
  });

  it('refuses a payload of another shape, naming the field but not its value', () => {
    const payload = fixture('issue_comment');
    payload.comment!.id = '::error::x';
    expect(() => parseCommentEvent('issue_comment', payload)).toThrow(
      /^The issue_comment event payload \(GITHUB_EVENT_PATH\) has no valid "comment\.id"\. /,
    );
    expect(() => parseCommentEvent('issue_comment', payload)).not.toThrow(/::error::/);
  });

  it('a deleted account (user null): no login, and not an app', () => {
    const payload = fixture('issue_comment');
    payload.comment!.user = null;
    const { author } = parseCommentEvent('issue_comment', payload).comment;
    // Not an app: its comments never count as the action's replies or marks. Its refusal is shown
    // end to end (e2e/agent-review-loop).
    expect(author).toEqual({ login: '', bot: false, association: 'MEMBER' });
  });
});

describe('which comments are for the agent', () => {
  it.each([
    ['/agent fix it', ' fix it'],
    ['  /agent\r\nline 1\r\nline 2', '\nline 1\nline 2'],
    ['/agent', ''],
    ['/agents fix it', undefined],
    ['fix it /agent', undefined],
    ['`/agent` fix', undefined],
  ])('%j → %j', (body, instruction) => {
    expect(instructionAfter(body, '/agent')).toBe(instruction);
  });
});

describe('the job a pull request names', () => {
  const user = { login: 'octocat', bot: false, association: 'MEMBER' };
  const bot = { login: 'github-actions[bot]', bot: true, association: 'NONE' };
  const outsider = { login: 'drive-by', bot: false, association: 'NONE' };
  const pull: PullRequest = { number: 7, body: '', headSha: 'a', author: outsider };
  let id = 0;
  const comment = (
    body: string,
    author = bot,
    updatedAt = '2026-03-02T09:00:00Z',
  ): IssueComment => ({
    id: ++id,
    body,
    author,
    url: '',
    createdAt: updatedAt,
    updatedAt,
  });

  const renovate = { login: 'renovate[bot]', bot: true, association: 'NONE' };
  const reader = { login: 'reader', bot: false, association: 'MEMBER' };
  const announce = (jobId: string) => `${jobMarker(jobId)}\n**Docs agent**: …`;

  it('one marker per comment, newest first, then the description', () => {
    const comments = [
      comment(announce('aj_old'), bot, '2026-03-02T09:00:00Z'),
      comment(announce('aj_new'), bot, '2026-03-02T10:00:00Z'),
      comment(
        `by hand:\n${jobMarker('aj_a')}\n${jobMarker('aj_mine')}`,
        user,
        '2026-03-02T08:00:00Z',
      ),
      comment(jobMarker('aj_outsider'), outsider, '2026-03-02T11:00:00Z'),
      comment(`/agent do\n${jobMarker('aj_quoted')}`, user, '2026-03-02T12:00:00Z'),
      comment(
        `<!-- docs-agent-reply -->\n\`\`\`\n${jobMarker('aj_reply')}\n\`\`\``,
        bot,
        '2026-03-02T13:00:00Z',
      ),
      // Not in the announce's form, or not by an app: no announce.
      comment(`Release notes:\n${announce('aj_relayed')}`, renovate, '2026-03-02T14:00:00Z'),
      comment(announce('aj_person'), user, '2026-03-02T15:00:00Z'),
    ];
    const described = { ...pull, body: `x\n${jobMarker('aj_body')}\n` };
    expect(
      markerCandidates(described, comments, '/agent').map((c) => [c.jobId, c.announce, c.author]),
    ).toEqual([
      ['aj_person', false, user],
      ['aj_relayed', false, renovate],
      ['aj_outsider', false, outsider],
      ['aj_new', true, bot],
      ['aj_old', true, bot],
      ['aj_mine', false, user],
      ['aj_body', false, outsider],
    ]);
  });

  it('the newest trusted marker: an announce as it is, other text only if its author may steer', async () => {
    const asked: string[] = [];
    const mayNotSteer = async (author: typeof user) => {
      asked.push(author.login);
      return author === user ? undefined : `${author.login} may not steer the agent`;
    };
    const newest = (comments: IssueComment[], body = '', author = outsider) =>
      newestMarker(markerCandidates({ ...pull, body, author }, comments, '/agent'), mayNotSteer);
    const announced = comment(announce('aj_announced'), bot, '2026-03-02T09:00:00Z');
    // Newer markers of a reader, another app and an outsider are passed over.
    expect(
      await newest([
        announced,
        comment(jobMarker('aj_reader'), reader, '2026-03-02T10:00:00Z'),
        comment(`notes\n${jobMarker('aj_app')}`, renovate, '2026-03-02T11:00:00Z'),
        comment(jobMarker('aj_outsider'), outsider, '2026-03-02T12:00:00Z'),
      ]),
    ).toBe('aj_announced');
    expect(asked).toEqual(['drive-by', 'renovate[bot]', 'reader']);
    // A newer marker of someone who may steer wins over the announce.
    expect(
      await newest([announced, comment(jobMarker('aj_mine'), user, '2026-03-02T10:00:00Z')]),
    ).toBe('aj_mine');
    // The description counts when nothing else does, by the same check.
    expect(await newest([], jobMarker('aj_body'))).toBeUndefined();
    expect(await newest([], jobMarker('aj_body'), renovate)).toBeUndefined();
    expect(await newest([], jobMarker('aj_body'), user)).toBe('aj_body');
  });

  it('a marker is a line of its own with a service id', () => {
    expect(
      markersIn(`a ${jobMarker('aj_1')}\n  ${jobMarker('aj_2')}  \n${jobMarker('aj/3')}`),
    ).toEqual(['aj_2']);
  });
});

describe('links to pull requests of this repository', () => {
  const repo = { serverUrl: 'https://github.com', repository: 'Acme/Docs' };
  it.each([
    ['https://github.com/acme/docs/pull/101', 101],
    ['https://github.com/acme/docs/pull/101/', 101],
    ['https://github.com/acme/website/pull/101', undefined],
    ['https://github.com/acme/docs/issues/101', undefined],
    ['https://github.com.evil.example/acme/docs/pull/101', undefined],
    ['http://github.com/acme/docs/pull/101', undefined],
    ['https://github.com/acme/docs/pull/101?x=1', undefined],
    ['not a link', undefined],
    [null, undefined],
  ])('%s → %s', (link, number) => {
    expect(pullRequestNumber(link, repo)).toBe(number);
  });

  it('GitHub Enterprise Server: the server URL is the host', () => {
    const ghes = { serverUrl: 'https://ghe.example.com', repository: 'docs/site' };
    expect(pullRequestNumber('https://ghe.example.com/docs/site/pull/9', ghes)).toBe(9);
    expect(pullRequestNumber('https://github.com/docs/site/pull/9', ghes)).toBeUndefined();
  });
});

describe('Markdown that text from a comment cannot break', () => {
  it('a fence longer than any backtick run inside', () => {
    expect(codeBlock('a\n```\nb')).toBe('````text\na\n```\nb\n````');
    expect(codeBlock('x ````` y')).toMatch(/^`{6}text\n/);
    expect(codeBlock('plain')).toBe('```text\nplain\n```');
  });

  it('inline code around backticks and line breaks', () => {
    expect(inlineCode('a `b` c')).toBe('``a `b` c``');
    expect(inlineCode('`x`')).toBe('`` `x` ``');
    expect(inlineCode('one\ntwo')).toBe('`one two`');
  });

  const job: AgentJob = {
    id: 'aj_1',
    status: 'completed',
    model: 'm`@x',
    prLink: 'https://github.com/acme/docs/pull/7',
    source: { repository: 'r', ref: 'b' },
  };

  it('the announce: marker first, the command to use', () => {
    const body = announceBody(job, '/docs', { run: 'https://github.com/acme/docs/actions/runs/1' });
    expect(body.split('\n')[0]).toBe('<!-- docs-agent-job: aj_1 -->');
    expect(body).toContain('```text\n/docs also fix the broken link in the quickstart\n```');
    expect(body).toContain('| Model | ``m`@x`` |');
  });

  it('a reply to another pull request links it; an odd link is shown as code', () => {
    const asked = { instruction: 'go', login: 'octocat', url: 'https://x' };
    const other = (link: string) =>
      replyBody({ kind: 'completed', job, change: { pr: 'other', link } }, asked, {});
    expect(other('https://github.com/acme/docs/pull/8')).toContain(
      'another pull request: [https://github.com/acme/docs/pull/8](https://github.com/acme/docs/pull/8).',
    );
    expect(other('https://x.example/a)[y](z')).toContain(
      'another pull request: `https://x.example/a)[y](z`.',
    );
  });

  it('sent or unconfirmed: the branch the job shows may be from before the message, and is not shown', () => {
    const asked = { instruction: 'go', login: 'octocat', url: 'https://x' };
    const withRef = { ...job, source: { repository: 'https://github.com/acme/docs', ref: 'old' } };
    expect(
      replyBody({ kind: 'completed', job: withRef, change: { pr: 'none' } }, asked, {}),
    ).toContain('| Branch | `old` |');
    expect(replyBody({ kind: 'sent', job: withRef }, asked, {})).not.toContain('Branch');
    expect(
      replyBody({ kind: 'unconfirmed', job: withRef, graceMs: 120_000, asBefore: true }, asked, {}),
    ).not.toContain('Branch');
  });

  it('stopped before the instruction was sent, or before the service answered it: no "still working"', () => {
    const asked = { instruction: 'go', login: 'octocat', url: 'https://x' };
    const stopped = (maybe: boolean) =>
      replyBody({ kind: 'not-sent', jobId: 'aj_1', reason: 'timeout', maybe }, asked, {});
    expect(stopped(false)).toContain(
      '⏹️ **Not sent**: the workflow run reached its time limit before the instruction was sent to agent job `aj_1`; nothing was sent.',
    );
    expect(stopped(true)).toContain('❔ **Maybe sent**');
    expect(stopped(true)).toContain('Check the job in the dashboard before asking again');
    for (const body of [stopped(false), stopped(true)]) expect(body).not.toContain('keeps working');
  });

  it("a status from the service is shown as code, never a live @-mention, and 'as before' only when true", () => {
    const asked = { instruction: 'go', login: 'octocat', url: 'https://x' };
    const odd = { ...job, status: '@acme/security-team' };
    const unconfirmed = (asBefore: boolean) =>
      replyBody({ kind: 'unconfirmed', job: odd, graceMs: 120_000, asBefore }, asked, {});
    expect(unconfirmed(true)).toContain('it still shows `@acme/security-team`, as before.');
    expect(unconfirmed(false)).toContain('it shows `@acme/security-team`. No result');
    expect(announceBody(odd, '/agent', {})).toContain('| Status | `@acme/security-team` |');
    for (const body of [unconfirmed(true), unconfirmed(false), announceBody(odd, '/agent', {})])
      expect(body.replace(/`[^`]*`/g, '')).not.toContain('@acme');
  });
});
