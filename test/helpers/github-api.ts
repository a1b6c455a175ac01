/**
 * A local HTTP server standing in for the GitHub REST API (the runner points the action at it
 * with GITHUB_API_URL), under /api/v3 as on GitHub Enterprise Server. It answers the two
 * deployment calls, and the pull request calls of the agent's review loop (see pull-requests.ts:
 * comments, diff comments, reviews, reactions, replies),
 * and records every request, body included.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { expect } from 'vitest';
import {
  PullRequestStore,
  type PullRequestOptions,
  type FakeReview,
  type RecordedReaction,
  type StoredComment,
} from './pull-requests.js';
import type { GitStore } from './git-refs.js';
import { listenOnLoopback } from '../../simulator/http.js';
import { linkSignature, maskedValues, secretForms } from './action.js';

export interface GitHubRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
  raw: string;
  /** When it arrived (Date.now()). */
  at: number;
}

export interface FakeGitHub {
  /** The value for GITHUB_API_URL. */
  apiUrl: string;
  requests: GitHubRequest[];
  /** The conversation comments of the pull requests, as they stand (seeded and posted). */
  comments: StoredComment[];
  /** The review comments (seeded) and the replies posted in their threads. */
  reviewComments: StoredComment[];
  reactions: RecordedReaction[];
  /** The reviews of the pull requests (seeded, or added by a test as they are submitted). */
  reviews: FakeReview[];
  /** The repository's git objects and refs (the review loop's claims). */
  git: GitStore;
  deployments(): GitHubRequest[];
  statuses(): GitHubRequest[];
  /** The states answered 201, in order. */
  accepted: string[];
  close(): Promise<void>;
}

/** A refusal to send: the status, and headers and message if not the usual ones. */
export interface Refusal {
  status: number;
  message?: string;
  headers?: Record<string, string>;
}

export interface FakeGitHubOptions extends PullRequestOptions {
  /** Answer this status (with GitHub's error body) to the create-deployment call. */
  createStatus?: number;
  /** Answer this status to every deployment-status call. */
  statusStatus?: number;
  /** Answers to the deployment-status calls, in order (then 201s): a refusal, or 'ok'. */
  statusAnswers?: (Refusal | 'ok')[];
  /** Wait this long before answering the create-deployment call. */
  createDelayMs?: number;
  /** Wait this long before answering a deployment-status call, by the state it sets. */
  statusDelayMs?: Partial<Record<string, number>>;
  /** Called as each request arrives (before any delay). */
  onRequest?: (request: GitHubRequest) => void;
  /** Never answer page N of a listing: the request stays open until the client gives up. */
  stallPage?: number;
  /** Link headers lead to this origin instead of this server's (a proxy that rewrites them). */
  pageOrigin?: string;
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeGitHub(options: FakeGitHubOptions = {}): Promise<FakeGitHub> {
  const requests: GitHubRequest[] = [];
  const accepted: string[] = [];
  const pulls = new PullRequestStore(options);
  let nextId = 1_000_001;
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const raw = await bodyOf(req);
    let body: Record<string, unknown>;
    try {
      body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    } catch {
      body = { unparsable: raw };
    }
    const path = req.url ?? '';
    const request: GitHubRequest = {
      method: req.method ?? '',
      path,
      authorization: req.headers.authorization,
      body,
      raw,
      at: Date.now(),
    };
    requests.push(request);
    options.onRequest?.(request);
    const send = (status: number, data: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(data));
    const refuse = (refusal: Refusal) => {
      if (res.destroyed) return;
      res.writeHead(refusal.status, { 'content-type': 'application/json', ...refusal.headers }).end(
        JSON.stringify({
          message:
            refusal.message ??
            (refusal.status === 403 ? 'Resource not accessible by integration' : 'Not Found'),
          documentation_url: 'https://docs.github.com/rest/deployments/deployments',
          status: String(refusal.status),
        }),
      );
    };
    const later = (ms: number | undefined) =>
      new Promise<void>((resolve) => setTimeout(resolve, ms ?? 0));
    if (req.method === 'POST' && /^\/api\/v3\/repos\/[^/]+\/[^/]+\/deployments$/.test(path)) {
      await later(options.createDelayMs);
      if (options.createStatus) return refuse({ status: options.createStatus });
      if (res.destroyed) return;
      return send(201, { id: nextId++, sha: body.ref, environment: body.environment });
    }
    const status = /^\/api\/v3\/repos\/[^/]+\/[^/]+\/deployments\/(\d+)\/statuses$/.exec(path);
    if (req.method === 'POST' && status) {
      await later(options.statusDelayMs?.[String(body.state)]);
      if (options.statusStatus) return refuse({ status: options.statusStatus });
      const answer = options.statusAnswers?.shift() ?? 'ok';
      if (answer !== 'ok') return refuse(answer);
      if (res.destroyed) return;
      accepted.push(String(body.state));
      return send(201, { id: nextId++, state: body.state });
    }
    if (
      options.stallPage !== undefined &&
      new URL(path, 'http://x').searchParams.get('page') === String(options.stallPage)
    )
      return;
    const origin = options.pageOrigin ?? `http://${req.headers.host}`;
    const answer = pulls.answer(req.method ?? '', path, body, origin, req.headers.authorization);
    if (answer && 'reset' in answer) return void res.destroy();
    if (answer && 'status' in answer && answer.status >= 400 && !('data' in answer))
      return refuse(answer);
    if (answer && 'data' in answer) {
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      // A 204 (a deleted reaction) has no body.
      return res.end(answer.data === undefined ? undefined : JSON.stringify(answer.data));
    }
    refuse({ status: 404 });
  };
  // A fault in the stand-in stays an unhandled rejection, which fails the test run.
  const server = createServer((req, res) => void handle(req, res));
  const listening = await listenOnLoopback(server);
  return {
    apiUrl: `${listening.url}/api/v3`,
    requests,
    comments: pulls.comments,
    reviewComments: pulls.reviewComments,
    reactions: pulls.reactions,
    reviews: pulls.reviews,
    git: pulls.git,
    deployments: () => requests.filter((r) => r.path.endsWith('/deployments')),
    statuses: () => requests.filter((r) => r.path.endsWith('/statuses')),
    accepted,
    close: listening.close,
  };
}

/**
 * Fails when a secret reached the GitHub stand-in, in any request's path or body, in any encoding:
 * the given ones, every value the run masked, and the signature of every masked link. It needs at
 * least one request, so that a run that sent nothing cannot pass it.
 */
export function expectNothingSecretSent(
  g: FakeGitHub,
  secrets: string[],
  run?: { stdout: string },
) {
  expect(g.requests.length).toBeGreaterThan(0);
  const masked = maskedValues(run?.stdout ?? '');
  const all = [
    ...secrets,
    ...masked,
    ...masked.filter((m) => /^https?:/.test(m)).flatMap((m) => linkSignature(m)),
  ];
  for (const request of g.requests) {
    const sent = `${request.path}\n${request.raw}`;
    for (const secret of all.filter((s) => s.length >= 6))
      for (const form of secretForms(secret))
        expect(sent.includes(form), `a secret was sent to GitHub: ${form.slice(0, 8)}…`).toBe(
          false,
        );
  }
}

/**
 * GITHUB_API_URL and GITHUB_REPOSITORY as they are now, for tests that point the action's own
 * Octokit client (which reads them) at a stand-in in this process: the function puts them back.
 */
export function keepGitHubEnv(): () => void {
  const saved = [
    ['GITHUB_API_URL', process.env.GITHUB_API_URL],
    ['GITHUB_REPOSITORY', process.env.GITHUB_REPOSITORY],
  ] as const;
  return () => {
    for (const [name, value] of saved)
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
  };
}

/** Whether a request changed something on GitHub: any but a GET and the GraphQL query (a read). */
export const isWrite = (r: GitHubRequest): boolean =>
  r.method !== 'GET' && !(r.path === '/api/graphql' && /^\s*query\b/.test(String(r.body.query)));
