/**
 * A simulator of the documentation service (the contract it implements is docs/service.md): the
 * static export and agent APIs on one listener, and an object-storage origin for presigned bundle
 * links (storage.ts) on a second one. It is a real HTTP server, used by the tests, the demo and
 * `npm run simulator`. Its scenarios and faults are in types.ts, the job views in views.ts.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { answerFault, decodePath, delay, readBody } from './http.js';
import { randomHex, seededRandom } from './random.js';
import { bundleFor, StorageOrigin } from './storage.js';
import { agentView, classify, exportView } from './views.js';
import {
  DEFAULT_AGENT,
  DEFAULT_EXPORT,
  DEFAULT_RANDOM_FAULTS,
  type AgentJobState,
  type AgentScenario,
  type ExportJobState,
  type ExportScenario,
  type Fault,
  type FaultRule,
  type RecordedRequest,
  type SimOperation,
  type SimulatorOptions,
} from './types.js';

export * from './types.js';

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
  #origin: StorageOrigin;
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
    this.randomFaults = options.randomFaults ?? DEFAULT_RANDOM_FAULTS;
    this.#now = options.now ?? Date.now;
    this.#origin = new StorageOrigin(
      {
        requests: this.requests,
        exportJobs: this.exportJobs,
        now: () => this.#now(),
        pickFault: (op) => this.#pickFault(op),
      },
      randomHex(seededRandom(seed ^ 0xbeef), 32),
    );
    this.#api = createServer((req, res) => void this.#handleApi(req, res));
    this.#storage = createServer((req, res) => void this.#origin.handle(req, res));
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
    this.#origin.url = this.storageUrl;
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
    return exportView(job, this.#now(), this.#random);
  }

  /** Whether a job has reached `completed` (for tests that measure detection delay). */
  completedAt(jobId: string): number | undefined {
    const job = this.exportJobs.get(jobId);
    if (!job || job.scenario.outcome !== 'completed') return undefined;
    return job.createdAt + job.scenario.queuedMs + job.scenario.runningMs;
  }

  agentView(job: AgentJobState): Record<string, unknown> {
    return agentView(job, this.#now());
  }

  // ---- HTTP ------------------------------------------------------------------------------

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
    const { op, params } = classify(req.method ?? 'GET', url.pathname);
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
    if (fault && answerFault(fault, res, record)) return;

    const answer = this.#route(op, params, req, url, body, bodyError);
    record.status = answer.status;
    if (fault?.type === 'reset-after') {
      record.status = 'reset';
      req.socket.destroy();
      return;
    }
    if (fault?.type === 'status-after') {
      record.status = fault.status;
      res
        .writeHead(fault.status, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: 'Service Unavailable' }));
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
        const archive = bundleFor(job);
        const expires = this.#now() + (this.linkLifetimesMs.shift() ?? this.bundleTtlMs);
        return {
          status: 200,
          body: {
            jobId: job.jobId,
            bundleUrl: this.#origin.presign(
              `/bundles/${job.jobId}/site.tar.gz`,
              expires + job.scenario.signedLongerMs,
            ),
            sizeBytes: archive.length + job.scenario.extraBundleBytes,
            ...expiresAtField(expires, job.scenario.expiresAtForm),
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
            pickupAt: now,
            previous: null,
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
          // With a limit of 0 no message was ever taken: the hour starts now.
          const retryAfter = Math.ceil(((times[0] ?? now) + 3600_000 - now) / 1000);
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
        // Taken up asynchronously: until pickupAt, the job answers as it was (the contract's note).
        const previous: AgentJobState = { ...job, scenario: { ...job.scenario } };
        const busyLeft = this.agentScenario.busyLeftMs;
        if (busyLeft !== undefined && agentView(job, now).status === 'active')
          previous.activeSince = now + busyLeft - previous.scenario.activeMs;
        const pickupAt = now + this.agentScenario.pickupMs;
        job.previous = previous;
        job.pickupAt = pickupAt;
        job.activeSince = pickupAt;
        job.finalStatus = null;
        job.scenario = { ...this.agentScenario };
        if (job.scenario.followUpPr === 'new') job.prNumber = ++this.#prCounter;
        return { status: 200, body: this.agentView(job) };
      }
      default:
        return error(404, 'Unknown operation');
    }
  }
}

/** Starts a simulator and returns it once both listeners are up. */
export function startSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  return new Simulator(options).start();
}

/** The bundle's expiresAt in the form the scenario asks for (the contract leaves it unshown). */
function expiresAtField(
  expires: number,
  form: 'iso' | 'epoch-seconds' | 'no-offset' | 'missing',
): { expiresAt?: string | number } {
  if (form === 'missing') return {};
  if (form === 'epoch-seconds') return { expiresAt: Math.floor(expires / 1000) };
  const iso = new Date(expires).toISOString();
  return { expiresAt: form === 'no-offset' ? iso.replace(/\.\d+Z$/, '') : iso };
}
