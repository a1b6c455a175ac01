/**
 * A local HTTP server standing in for the GitHub REST API (the runner points the action at it
 * with GITHUB_API_URL), under /api/v3 as on GitHub Enterprise Server. It answers the two
 * deployment calls and records every request, body included.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GitHubRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
  raw: string;
}

export interface FakeGitHub {
  /** The value for GITHUB_API_URL. */
  apiUrl: string;
  requests: GitHubRequest[];
  deployments(): GitHubRequest[];
  statuses(): GitHubRequest[];
  close(): Promise<void>;
}

export interface FakeGitHubOptions {
  /** Answer this status (with GitHub's error body) to the create-deployment call. */
  createStatus?: number;
  /** Answer this status to every deployment-status call. */
  statusStatus?: number;
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeGitHub(options: FakeGitHubOptions = {}): Promise<FakeGitHub> {
  const requests: GitHubRequest[] = [];
  let nextId = 1_000_001;
  const server = createServer(async (req, res) => {
    const raw = await bodyOf(req);
    let body: Record<string, unknown>;
    try {
      body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    } catch {
      body = { unparsable: raw };
    }
    const path = req.url ?? '';
    requests.push({
      method: req.method ?? '',
      path,
      authorization: req.headers.authorization,
      body,
      raw,
    });
    const send = (status: number, data: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(data));
    const refuse = (status: number) =>
      send(status, {
        message: status === 403 ? 'Resource not accessible by integration' : 'Not Found',
        documentation_url: 'https://docs.github.com/rest/deployments/deployments',
        status: String(status),
      });
    if (req.method === 'POST' && /^\/api\/v3\/repos\/[^/]+\/[^/]+\/deployments$/.test(path)) {
      if (options.createStatus) return refuse(options.createStatus);
      return send(201, { id: nextId++, sha: body.ref, environment: body.environment });
    }
    const status = /^\/api\/v3\/repos\/[^/]+\/[^/]+\/deployments\/(\d+)\/statuses$/.exec(path);
    if (req.method === 'POST' && status) {
      if (options.statusStatus) return refuse(options.statusStatus);
      return send(201, { id: nextId++, state: body.state });
    }
    refuse(404);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    apiUrl: `http://127.0.0.1:${port}/api/v3`,
    requests,
    deployments: () => requests.filter((r) => r.path.endsWith('/deployments')),
    statuses: () => requests.filter((r) => r.path.endsWith('/statuses')),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
