/**
 * A simulator of the documentation service (the contract it implements is docs/service.md): the static export and
 * agent APIs on one listener, and an object-storage origin for presigned bundle links on a
 * second one. It is a real HTTP server, used by the tests, the demo and `npm run simulator`.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { randomHex, seededRandom } from './random.js';
import { tarGz } from './tar.js';

export type SimOperation =
  | 'start-export'
  | 'get-export'
  | 'bundle'
  | 'create-agent'
  | 'get-agent'
  | 'message'
  | 'download'
  | 'unknown';

export interface ExportScenario {
  /** Time spent `queued` before the job starts running. */
  queuedMs: number;
  /** Time from `running` to the final status. */
  runningMs: number;
  /** Pages in the site (the paths' count wins when paths are given). */
  pageCount: number;
  /** `never` keeps the job running forever. */
  outcome: 'completed' | 'failed' | 'never';
  /** The `error` text of a failed job. */
  error: string;
  /** Random wobble of the progress figure, in percentage points. */
  progressNoise: number;
  /** Answer 409 to this many bundle requests right after completion (eventual consistency). */
  conflictsAfterCompletion: number;
  /** Padding added to the bundle archive (for download benchmarks), in bytes. */
  extraBundleBytes: number;
}

export interface AgentScenario {
  /** Time an agent job stays `active` after a create or a follow-up message. */
  activeMs: number;
  outcome: 'completed' | 'failed' | 'archived' | 'never';
  /** Whether the finished job has a pull request (false: "no files changed"). */
  prLink: boolean;
}

export type Fault =
  /** Answer with this status and body (default: a JSON `{"error": ...}`). */
  | { type: 'status'; status: number; body?: string; contentType?: string; retryAfter?: string }
  /** Drop the connection before acting on the request. */
  | { type: 'reset' }
  /** Act on the request, then drop the connection instead of answering. */
  | { type: 'reset-after' }
  /** Wait, then answer normally. */
  | { type: 'delay'; ms: number }
  /** Answer normally, but send the body a few bytes at a time. */
  | { type: 'drip'; bytesPerTick: number; tickMs: number }
  /** Answer 200 with truncated JSON. */
  | { type: 'malformed-json' }
  /** Answer 200 with this JSON body instead of the real one. */
  | { type: 'json'; status?: number; body: unknown }
  /** Answer 200 with a body of this many bytes. */
  | { type: 'huge-body'; bytes: number }
  /** Answer with a redirect. */
  | { type: 'redirect'; status?: number; location: string }
  /** Storage only: refuse the link as S3 refuses one past its expiry (403 AccessDenied). */
  | { type: 'expired' };

export interface FaultRule {
  /** Which operation it hits; any when absent. */
  op?: SimOperation;
  /** Let this many matching requests through first. */
  after?: number;
  /** How many matching requests it hits (default 1; Infinity for all). */
  times?: number;
  fault: Fault;
}

export interface SimulatorOptions {
  seed?: number;
  /** The admin key the simulator accepts. */
  apiKey?: string;
  /** An admin key whose organization lacks the Enterprise plan (403 on static export). */
  noPlanKey?: string;
  projectId?: string;
  /** Follow-up messages allowed per project per hour. */
  messageLimit?: number;
  /** Life of a presigned link. */
  bundleTtlMs?: number;
  /**
   * Lives of the next presigned links, in order (then bundleTtlMs): a negative one gives a link
   * whose expiresAt has already passed.
   */
  linkLifetimesMs?: number[];
  export?: Partial<ExportScenario>;
  agent?: Partial<AgentScenario>;
  faults?: FaultRule[];
  /** Probability that any API request meets a random fault from `randomFaults`. */
  faultRate?: number;
  randomFaults?: Fault[];
  host?: string;
  port?: number;
  storagePort?: number;
  now?: () => number;
}

export interface RecordedRequest {
  op: SimOperation;
  method: string;
  path: string;
  /** The raw Authorization header, so tests can prove what was (not) sent. */
  authorization: string | undefined;
  userAgent: string | undefined;
  body: unknown;
  status: number | 'reset';
  fault?: Fault['type'];
  at: number;
}

interface ExportJobState {
  jobId: string;
  domain: string;
  version: string | null;
  paths: string[] | null;
  scenario: ExportScenario;
  createdAt: number;
  lastProgress: number;
  updatedAt: number;
  conflictsLeft: number;
  bundle?: Buffer;
}

interface AgentJobState {
  id: string;
  scenario: AgentScenario;
  createdAt: number;
  activeSince: number;
  messages: number;
  prNumber: number;
  ref: string | null;
  finalStatus: 'completed' | 'failed' | 'archived' | null;
}

export const DEFAULT_EXPORT: ExportScenario = {
  queuedMs: 300,
  runningMs: 1500,
  pageCount: 24,
  outcome: 'completed',
  error: 'Build failed: page guides/broken.mdx has invalid frontmatter',
  progressNoise: 2,
  conflictsAfterCompletion: 0,
  extraBundleBytes: 0,
};

export const DEFAULT_AGENT: AgentScenario = { activeMs: 800, outcome: 'completed', prLink: true };

const REPOSITORY = 'https://github.com/acme/docs';

export class Simulator {
  readonly apiKey: string;
  readonly noPlanKey: string;
  readonly projectId: string;
  readonly requests: RecordedRequest[] = [];
  readonly exportJobs = new Map<string, ExportJobState>();
  readonly agentJobs = new Map<string, AgentJobState>();
  exportScenario: ExportScenario;
  agentScenario: AgentScenario;
  faults: FaultRule[];
  faultRate: number;
  randomFaults: Fault[];
  messageLimit: number;
  bundleTtlMs: number;
  linkLifetimesMs: number[];
  #random: () => number;
  #faultRandom: () => number;
  #secret: string;
  #now: () => number;
  #api: Server;
  #storage: Server;
  #sockets = new Set<Socket>();
  #messageTimes = new Map<string, number[]>();
  #faultHits = new Map<FaultRule, number>();
  #options: SimulatorOptions;
  #prCounter = 100;
  baseUrl = '';
  storageUrl = '';

  constructor(options: SimulatorOptions = {}) {
    this.#options = options;
    const seed = options.seed ?? 1;
    this.#random = seededRandom(seed);
    this.#faultRandom = seededRandom(seed ^ 0x5eed);
    this.#secret = randomHex(seededRandom(seed ^ 0xbeef), 32);
    this.apiKey = options.apiKey ?? `mint_sim_${randomHex(seededRandom(seed ^ 0xcafe), 24)}`;
    this.noPlanKey =
      options.noPlanKey ?? `mint_noplan_${randomHex(seededRandom(seed ^ 0xf00d), 16)}`;
    this.projectId = options.projectId ?? 'proj_sim';
    this.messageLimit = options.messageLimit ?? 100;
    this.bundleTtlMs = options.bundleTtlMs ?? 6 * 3600_000;
    this.linkLifetimesMs = [...(options.linkLifetimesMs ?? [])];
    this.exportScenario = { ...DEFAULT_EXPORT, ...options.export };
    this.agentScenario = { ...DEFAULT_AGENT, ...options.agent };
    this.faults = [...(options.faults ?? [])];
    this.faultRate = options.faultRate ?? 0;
    this.randomFaults = options.randomFaults ?? [
      {
        type: 'status',
        status: 502,
        body: '<html><title>502 Bad Gateway</title></html>',
        contentType: 'text/html',
      },
      { type: 'status', status: 503, retryAfter: '1' },
      { type: 'status', status: 429, retryAfter: '1' },
      { type: 'reset' },
    ];
    this.#now = options.now ?? Date.now;
    this.#api = createServer((req, res) => void this.#handleApi(req, res));
    this.#storage = createServer((req, res) => void this.#handleStorage(req, res));
    for (const server of [this.#api, this.#storage]) {
      server.on('connection', (socket) => {
        this.#sockets.add(socket);
        socket.on('close', () => this.#sockets.delete(socket));
      });
    }
  }

  async start(): Promise<this> {
    const host = this.#options.host ?? '127.0.0.1';
    const listen = (server: Server, port: number) =>
      new Promise<number>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
      });
    const apiPort = await listen(this.#api, this.#options.port ?? 0);
    const storagePort = await listen(this.#storage, this.#options.storagePort ?? 0);
    const shown = host.includes(':') ? `[${host}]` : host;
    this.baseUrl = `http://${shown}:${apiPort}`;
    this.storageUrl = `http://${shown}:${storagePort}`;
    return this;
  }

  async close(): Promise<void> {
    for (const socket of this.#sockets) socket.destroy();
    await Promise.all(
      [this.#api, this.#storage].map(
        (server) =>
          new Promise<void>((resolve) =>
            server.listening ? server.close(() => resolve()) : resolve(),
          ),
      ),
    );
  }

  /** Adds fault rules for the next requests. */
  inject(...rules: FaultRule[]): void {
    this.faults.push(...rules);
  }

  requestsFor(op: SimOperation): RecordedRequest[] {
    return this.requests.filter((r) => r.op === op);
  }

  // ---- job lifecycle ---------------------------------------------------------------------

  /** The public view of an export job at this moment. */
  exportView(job: ExportJobState): Record<string, unknown> {
    const now = this.#now();
    const s = job.scenario;
    const elapsed = now - job.createdAt;
    let status: 'queued' | 'running' | 'completed' | 'failed';
    let progress: number;
    if (elapsed < s.queuedMs) {
      status = 'queued';
      progress = 0;
    } else if (s.outcome === 'never' || elapsed < s.queuedMs + s.runningMs) {
      status = 'running';
      const fraction = s.runningMs > 0 ? (elapsed - s.queuedMs) / s.runningMs : 1;
      // Like a counter of finished pages: it lags the work by up to progressNoise points, never leads.
      const noisy = fraction * 100 - this.#random() * s.progressNoise;
      progress = Math.min(s.outcome === 'never' ? 99 : 99.9, Math.max(job.lastProgress, noisy));
    } else {
      status = s.outcome === 'failed' ? 'failed' : 'completed';
      progress = s.outcome === 'failed' ? job.lastProgress : 100;
    }
    progress = Math.round(progress * 10) / 10;
    if (progress !== job.lastProgress || status === 'completed' || status === 'failed') {
      job.lastProgress = progress;
      job.updatedAt =
        status === 'completed' || status === 'failed'
          ? job.createdAt + s.queuedMs + s.runningMs
          : now;
    }
    const pages = job.paths?.length ?? s.pageCount;
    const view: Record<string, unknown> = {
      jobId: job.jobId,
      status,
      progress,
      pageCount: status === 'completed' ? pages : Math.floor((progress / 100) * pages),
      createdAt: new Date(job.createdAt).toISOString(),
      updatedAt: new Date(job.updatedAt).toISOString(),
      domain: job.domain,
    };
    if (job.version) view.version = job.version;
    if (status === 'failed') view.error = s.error;
    else view.error = null;
    return view;
  }

  /** Whether a job has reached `completed` (for tests that measure detection delay). */
  completedAt(jobId: string): number | undefined {
    const job = this.exportJobs.get(jobId);
    if (!job || job.scenario.outcome !== 'completed') return undefined;
    return job.createdAt + job.scenario.queuedMs + job.scenario.runningMs;
  }

  agentView(job: AgentJobState): Record<string, unknown> {
    const now = this.#now();
    const done = job.scenario.outcome !== 'never' && now - job.activeSince >= job.scenario.activeMs;
    let status: string = 'active';
    if (job.finalStatus) status = job.finalStatus;
    else if (done) status = job.scenario.outcome;
    const finished = status !== 'active';
    const withPr = finished && status !== 'failed' && job.scenario.prLink;
    return {
      id: job.id,
      status,
      source: { repository: REPOSITORY, ref: job.ref },
      model: 'claude-sonnet-4-5',
      prLink: withPr ? `${REPOSITORY}/pull/${job.prNumber}` : null,
      createdAt: new Date(job.createdAt).toISOString(),
      archivedAt:
        status === 'archived'
          ? new Date(job.activeSince + job.scenario.activeMs).toISOString()
          : null,
    };
  }

  // ---- HTTP ------------------------------------------------------------------------------

  #classify(method: string, path: string): { op: SimOperation; params: string[] } {
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/static-export/jobs')
      return { op: 'start-export', params: [] };
    if (method === 'GET' && (m = /^\/v1\/static-export\/jobs\/([^/]+)$/.exec(path)))
      return { op: 'get-export', params: [m[1]!] };
    if (method === 'POST' && (m = /^\/v1\/static-export\/jobs\/([^/]+)\/bundle$/.exec(path)))
      return { op: 'bundle', params: [m[1]!] };
    if (method === 'POST' && (m = /^\/v2\/agent\/([^/]+)\/job$/.exec(path)))
      return { op: 'create-agent', params: [m[1]!] };
    if (method === 'GET' && (m = /^\/v2\/agent\/([^/]+)\/job\/([^/]+)$/.exec(path)))
      return { op: 'get-agent', params: [m[1]!, m[2]!] };
    if (method === 'POST' && (m = /^\/v2\/agent\/([^/]+)\/job\/([^/]+)\/message$/.exec(path)))
      return { op: 'message', params: [m[1]!, m[2]!] };
    return { op: 'unknown', params: [] };
  }

  #pickFault(op: SimOperation): Fault | undefined {
    let chosen: Fault | undefined;
    for (const rule of this.faults) {
      if (rule.op && rule.op !== op) continue;
      const seen = (this.#faultHits.get(rule) ?? 0) + 1;
      this.#faultHits.set(rule, seen);
      const after = rule.after ?? 0;
      const times = rule.times ?? 1;
      if (!chosen && seen > after && seen <= after + times) chosen = rule.fault;
    }
    if (chosen) return chosen;
    if (this.faultRate > 0 && op !== 'download' && this.#faultRandom() < this.faultRate) {
      return this.randomFaults[Math.floor(this.#faultRandom() * this.randomFaults.length)];
    }
    return undefined;
  }

  async #handleApi(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://sim');
    const path = decodePath(url.pathname);
    const { op, params } = this.#classify(req.method ?? 'GET', url.pathname);
    const raw = await readBody(req);
    let body: unknown = undefined;
    let bodyError = false;
    if (raw.length > 0) {
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        bodyError = true;
      }
    }
    const record: RecordedRequest = {
      op,
      method: req.method ?? 'GET',
      path,
      authorization: req.headers.authorization,
      userAgent: req.headers['user-agent'],
      body,
      status: 0,
      at: this.#now(),
    };
    this.requests.push(record);
    const fault = this.#pickFault(op);
    if (fault) record.fault = fault.type;

    if (fault?.type === 'reset') {
      record.status = 'reset';
      req.socket.destroy();
      return;
    }
    if (fault?.type === 'delay') await delay(fault.ms);
    if (fault?.type === 'status') {
      record.status = fault.status;
      const headers: Record<string, string> = {
        'content-type': fault.contentType ?? 'application/json',
      };
      if (fault.retryAfter !== undefined) headers['retry-after'] = fault.retryAfter;
      res.writeHead(fault.status, headers);
      res.end(fault.body ?? JSON.stringify({ error: `Simulated ${fault.status}` }));
      return;
    }
    if (fault?.type === 'redirect') {
      record.status = fault.status ?? 307;
      res.writeHead(record.status, { location: fault.location });
      res.end();
      return;
    }
    if (fault?.type === 'malformed-json') {
      record.status = 200;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"jobId": "se_trunc", "status": "runn');
      return;
    }
    if (fault?.type === 'json') {
      record.status = fault.status ?? 200;
      res.writeHead(record.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(fault.body));
      return;
    }
    if (fault?.type === 'huge-body') {
      record.status = 200;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.on('error', () => undefined);
      res.write('{"padding": "');
      writeFiller(res, fault.bytes, 0x20, '"}');
      return;
    }

    const answer = this.#route(op, params, req, url, body, bodyError);
    record.status = answer.status;
    if (fault?.type === 'reset-after') {
      record.status = 'reset';
      req.socket.destroy();
      return;
    }
    const text = JSON.stringify(answer.body);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      ...answer.headers,
    };
    if (fault?.type === 'drip') {
      res.writeHead(answer.status, headers);
      res.on('error', () => undefined);
      for (let i = 0; i < text.length; i += fault.bytesPerTick) {
        if (res.destroyed) return;
        res.write(text.slice(i, i + fault.bytesPerTick));
        await delay(fault.tickMs);
      }
      res.end();
      return;
    }
    res.writeHead(answer.status, headers);
    res.end(text);
  }

  #route(
    op: SimOperation,
    params: string[],
    req: IncomingMessage,
    url: URL,
    body: unknown,
    bodyError: boolean,
  ): { status: number; body: unknown; headers?: Record<string, string> } {
    const error = (status: number, message: string, headers?: Record<string, string>) => ({
      status,
      body: { error: message },
      headers,
    });
    if (op === 'unknown') return error(404, `No route for ${req.method} ${url.pathname}`);
    const auth = req.headers.authorization ?? '';
    const key = /^Bearer (.+)$/.exec(auth)?.[1];
    if (!key) return error(401, 'Missing Authorization header');
    if (key !== this.apiKey && key !== this.noPlanKey) return error(401, 'Invalid API key');
    const isExport = op === 'start-export' || op === 'get-export' || op === 'bundle';
    if (isExport && key === this.noPlanKey) {
      return error(403, 'Static export is not enabled for this organization');
    }
    if (bodyError) return error(400, 'Request body is not valid JSON');

    switch (op) {
      case 'start-export': {
        const b = (body ?? {}) as Record<string, unknown>;
        const domain = b.domain;
        if (typeof domain !== 'string' || domain === '') return error(400, 'domain is required');
        if (!/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/i.test(domain)) {
          return error(400, `domain must be a host name without scheme or path, got "${domain}"`);
        }
        if (b.version !== undefined && typeof b.version !== 'string')
          return error(400, 'version must be a string');
        if (
          b.paths !== undefined &&
          (!Array.isArray(b.paths) || !b.paths.every((p) => typeof p === 'string' && p.length > 0))
        ) {
          return error(400, 'paths must be an array of page paths');
        }
        const jobId = `se_${randomHex(this.#random, 16)}`;
        const now = this.#now();
        const job: ExportJobState = {
          jobId,
          domain,
          version: typeof b.version === 'string' ? b.version : null,
          paths: (b.paths as string[] | undefined) ?? null,
          scenario: { ...this.exportScenario },
          createdAt: now,
          lastProgress: 0,
          updatedAt: now,
          conflictsLeft: this.exportScenario.conflictsAfterCompletion,
        };
        this.exportJobs.set(jobId, job);
        return { status: 202, body: this.exportView(job) };
      }
      case 'get-export': {
        const job = this.exportJobs.get(decodePath(params[0]!));
        if (!job) return error(404, 'Job not found');
        return { status: 200, body: this.exportView(job) };
      }
      case 'bundle': {
        const job = this.exportJobs.get(decodePath(params[0]!));
        if (!job) return error(404, 'Job not found');
        const view = this.exportView(job);
        if (view.status !== 'completed')
          return error(409, `Job is ${String(view.status)}, not completed`);
        if (job.conflictsLeft > 0) {
          job.conflictsLeft--;
          return error(409, 'Job is not finished');
        }
        const archive = this.#bundleFor(job);
        const expires = this.#now() + (this.linkLifetimesMs.shift() ?? this.bundleTtlMs);
        return {
          status: 200,
          body: {
            jobId: job.jobId,
            bundleUrl: this.#presign(`/bundles/${job.jobId}/site.tar.gz`, expires),
            sizeBytes: archive.length + job.scenario.extraBundleBytes,
            expiresAt: new Date(expires).toISOString(),
          },
        };
      }
      case 'create-agent':
      case 'get-agent':
      case 'message': {
        const projectId = decodePath(params[0]!);
        if (projectId !== this.projectId) return error(404, 'Project not found');
        if (op === 'create-agent' || op === 'message') {
          const prompt = (body as { prompt?: unknown } | undefined)?.prompt;
          if (typeof prompt !== 'string' || prompt.length === 0)
            return error(400, 'prompt is required');
        }
        if (op === 'create-agent') {
          const now = this.#now();
          const job: AgentJobState = {
            id: `aj_${randomHex(this.#random, 16)}`,
            scenario: { ...this.agentScenario },
            createdAt: now,
            activeSince: now,
            messages: 0,
            prNumber: ++this.#prCounter,
            ref: `mintlify/agent-${randomHex(this.#random, 6)}`,
            finalStatus: null,
          };
          this.agentJobs.set(job.id, job);
          return { status: 201, body: this.agentView(job) };
        }
        const job = this.agentJobs.get(decodePath(params[1]!));
        if (!job) return error(404, 'Job not found');
        if (op === 'get-agent') return { status: 200, body: this.agentView(job) };
        const now = this.#now();
        const times = (this.#messageTimes.get(projectId) ?? []).filter((t) => now - t < 3600_000);
        if (times.length >= this.messageLimit) {
          const retryAfter = Math.ceil((times[0]! + 3600_000 - now) / 1000);
          this.#messageTimes.set(projectId, times);
          return error(
            429,
            `Rate limit exceeded: ${this.messageLimit} follow-up messages per project per hour`,
            {
              'retry-after': String(retryAfter),
            },
          );
        }
        times.push(now);
        this.#messageTimes.set(projectId, times);
        job.messages++;
        job.activeSince = now;
        job.finalStatus = null;
        job.scenario = { ...this.agentScenario };
        job.prNumber = ++this.#prCounter;
        return { status: 200, body: this.agentView(job) };
      }
      default:
        return error(404, 'Unknown operation');
    }
  }

  #bundleFor(job: ExportJobState): Buffer {
    if (!job.bundle) {
      const pages =
        job.paths ??
        Array.from({ length: job.scenario.pageCount }, (_, i) => (i === 0 ? 'index' : `page-${i}`));
      job.bundle = tarGz(
        pages.map((page) => ({
          name: `site/${page.replace(/^\/+/, '')}.html`.slice(0, 100),
          content: `<!doctype html><html><head><title>${escapeHtml(page)} · ${escapeHtml(job.domain)}</title></head><body><h1>${escapeHtml(page)}</h1><p>Exported from ${escapeHtml(job.domain)}${job.version ? ` version ${escapeHtml(job.version)}` : ''}.</p></body></html>\n`,
        })),
        job.createdAt,
      );
    }
    return job.bundle;
  }

  #sign(path: string, date: string, expiresSeconds: string): string {
    return createHmac('sha256', this.#secret)
      .update(`${path}\n${date}\n${expiresSeconds}`)
      .digest('hex');
  }

  #presign(path: string, expires: number): string {
    const signedAt = Math.floor(this.#now() / 1000) * 1000;
    const date = new Date(signedAt).toISOString().replace(/[-:]|\.\d{3}/g, '');
    // Whole seconds from the (truncated) signing time, never past expiresAt.
    const expiresSeconds = String(Math.max(1, Math.floor((expires - signedAt) / 1000)));
    const query = new URLSearchParams({
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
      'X-Amz-Credential': 'SIMULATOR/20260101/us-east-1/s3/aws4_request',
      'X-Amz-Date': date,
      'X-Amz-Expires': expiresSeconds,
      'X-Amz-SignedHeaders': 'host',
      'X-Amz-Signature': this.#sign(path, date, expiresSeconds),
    });
    return `${this.storageUrl}${path}?${query.toString()}`;
  }

  async #handleStorage(req: IncomingMessage, res: ServerResponse): Promise<void> {
    await readBody(req);
    const url = new URL(req.url ?? '/', 'http://storage');
    const record: RecordedRequest = {
      op: 'download',
      method: req.method ?? 'GET',
      path: url.pathname,
      authorization: req.headers.authorization,
      userAgent: req.headers['user-agent'],
      body: undefined,
      status: 0,
      at: this.#now(),
    };
    this.requests.push(record);
    const xml = (status: number, code: string, message: string) => {
      record.status = status;
      res.writeHead(status, { 'content-type': 'application/xml' });
      res.end(
        `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`,
      );
    };
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return xml(405, 'MethodNotAllowed', 'Method not allowed');
    if (req.headers.authorization) {
      return xml(
        400,
        'InvalidArgument',
        'Only one auth mechanism allowed; only the X-Amz-Algorithm query parameter should be specified',
      );
    }
    const m = /^\/bundles\/([^/]+)\/site\.tar\.gz$/.exec(url.pathname);
    const job = m ? this.exportJobs.get(m[1]!) : undefined;
    const date = url.searchParams.get('X-Amz-Date') ?? '';
    const expiresSeconds = url.searchParams.get('X-Amz-Expires') ?? '';
    const signature = url.searchParams.get('X-Amz-Signature') ?? '';
    const expected = this.#sign(url.pathname, date, expiresSeconds);
    if (
      !job ||
      signature.length !== expected.length ||
      !timingSafeEqual(Buffer.from(signature), Buffer.from(expected))
    ) {
      return xml(
        403,
        'SignatureDoesNotMatch',
        'The request signature we calculated does not match the signature you provided',
      );
    }
    const signedAt = Date.parse(
      date.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'),
    );
    if (Number.isNaN(signedAt) || this.#now() > signedAt + Number(expiresSeconds) * 1000) {
      return xml(403, 'AccessDenied', 'Request has expired');
    }
    const fault = this.#pickFault('download');
    if (fault) record.fault = fault.type;
    if (fault?.type === 'expired') return xml(403, 'AccessDenied', 'Request has expired');
    if (fault?.type === 'status') {
      record.status = fault.status;
      res.writeHead(fault.status, { 'content-type': fault.contentType ?? 'application/xml' });
      res.end(fault.body ?? '<Error><Code>InternalError</Code></Error>');
      return;
    }
    if (fault?.type === 'redirect') {
      // Object stores and CDNs do redirect (region moves, edge nodes): the link alone must follow.
      record.status = fault.status ?? 307;
      res.writeHead(record.status, { location: fault.location });
      res.end();
      return;
    }
    const archive = this.#bundleFor(job);
    const extra = job.scenario.extraBundleBytes;
    record.status = 200;
    res.writeHead(200, {
      'content-type': 'application/gzip',
      'content-length': String(archive.length + extra),
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    res.on('error', () => undefined);
    if (fault?.type === 'reset') {
      res.write(archive.subarray(0, Math.floor(archive.length / 2)));
      setTimeout(() => req.socket.destroy(), 20);
      return;
    }
    res.write(archive);
    // Padding after the gzip member: enough for throughput tests, never held in memory whole.
    writeFiller(res, extra, 0, '');
  }
}

/** Writes `bytes` filler bytes with back-pressure (never buffering them all), then `end`. */
function writeFiller(res: ServerResponse, bytes: number, fill: number, end: string): void {
  const chunk = Buffer.alloc(Math.max(1, Math.min(bytes, 1024 * 1024)), fill);
  let left = bytes;
  const pump = () => {
    while (left > 0) {
      const n = Math.min(left, chunk.length);
      left -= n;
      if (!res.write(n === chunk.length ? chunk : chunk.subarray(0, n))) {
        res.once('drain', pump);
        return;
      }
    }
    res.end(end);
  };
  pump();
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', () => resolve(Buffer.concat(chunks)));
  });
}

function decodePath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Starts a simulator and returns it once both listeners are up. */
export function startSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  return new Simulator(options).start();
}
