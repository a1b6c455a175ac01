import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getOctokit } from '@actions/github';
import { describe, expect, it } from 'vitest';
import {
  CANCELLED_BUDGET_MS,
  DeploymentRecorder,
  outcomeOf,
  statusDescription,
  type DeploymentApi,
  type DeploymentStatus,
} from '../../src/github/deployment.js';
import { ApiError } from '../../src/api/errors.js';
import { GitHubApiError } from '../../src/github/api-error.js';
import { InputError, StoppedError, UserError } from '../../src/shared/errors.js';
import { parsePublishInputs } from '../../src/publish/inputs.js';
import { toApiError } from '../../src/github/octokit.js';
import { memoryLogger } from '../../src/shared/logger.js';
import { actionYaml } from '../helpers/action.js';
import { ManualClock, settle } from '../helpers/clock.js';

type Answer = 'ok' | 'down' | number | { status: number; retryAfterMs: number };

/**
 * A GitHub that answers from a script: each call takes the next answer. The errors are the ones
 * toApiError makes of what Octokit throws (checked against a real server further down).
 */
function scriptedApi(answers: Answer[]) {
  const calls: { kind: string; body: unknown }[] = [];
  const next = () => {
    const answer = answers.shift() ?? 'ok';
    if (answer === 'down') throw new GitHubApiError('ECONNREFUSED');
    if (typeof answer === 'object')
      throw new GitHubApiError('API rate limit exceeded', answer.status, answer.retryAfterMs);
    if (answer !== 'ok') throw new GitHubApiError('Resource not accessible by integration', answer);
  };
  const api: DeploymentApi = {
    createDeployment: async (request) => {
      calls.push({ kind: 'create', body: request });
      next();
      return { id: 7 };
    },
    createStatus: async (_id, status: DeploymentStatus) => {
      calls.push({ kind: status.state, body: status });
      next();
    },
  };
  return { api, calls };
}

/**
 * A recorder whose every wait passes at once (its clock jumps to the wait's end) and is noted in
 * `clock.slept`. A call's time limit is a wait too, but never reached: every call is answered.
 */
function recorderFor(
  api: DeploymentApi,
  logger = memoryLogger(),
  cancel?: AbortSignal,
  clock = new ManualClock({ auto: true }),
) {
  return new DeploymentRecorder({ api, spec, logger, redact: (t) => t, cancel, clock });
}

const warningsOf = (logger: ReturnType<typeof memoryLogger>) =>
  logger.lines.filter((l) => l.startsWith('warning:'));

const spec = {
  environment: 'docs-production',
  environmentUrl: 'https://docs.example.com',
  ref: 'abc123def4567890',
  logUrl: 'https://github.com/acme/docs/actions/runs/1',
  domain: 'docs.example.com',
  version: undefined,
  jobId: undefined,
};

describe('statusDescription', () => {
  it('keeps the first line, at most 140 characters', () => {
    expect(statusDescription('first line\nsecond')).toBe('first line');
    const long = statusDescription('x'.repeat(300));
    expect(long).toHaveLength(140);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('outcomeOf', () => {
  it('failure for what the user can fix, error for what stopped the run', () => {
    expect(outcomeOf(new UserError('Export job se_1 failed: x'))).toBe('failure');
    expect(outcomeOf(new StoppedError('Cancelled', 'cancelled'))).toBe('error');
    expect(outcomeOf(new StoppedError('timeout', 'timeout'))).toBe('error');
    expect(outcomeOf(new Error('bug'))).toBe('error');
  });

  it('a refusal by the service is a failure; the service or the network failing is an error', () => {
    const api = (status: number | undefined, kind: 'http' | 'network' = 'http') =>
      new ApiError({ operation: 'Start export', kind, status, message: 'x' });
    expect(outcomeOf(api(401))).toBe('failure');
    expect(outcomeOf(api(403))).toBe('failure');
    expect(outcomeOf(api(429))).toBe('error');
    expect(outcomeOf(api(503))).toBe('error');
    expect(outcomeOf(api(undefined, 'network'))).toBe('error');
    expect(outcomeOf(new UserError('download timed out', { transient: true }))).toBe('error');
  });
});

describe('DeploymentRecorder', () => {
  it('hides every secret from what it sends', async () => {
    const { api, calls } = scriptedApi([]);
    const recorder = new DeploymentRecorder({
      api,
      spec,
      logger: memoryLogger(),
      redact: (t) => t.split('SECRET').join('***'),
      clock: new ManualClock(),
    });
    await recorder.start();
    await recorder.failed(new UserError('x'), 'failed at https://s.example/b?sig=SECRET');
    expect(JSON.stringify(calls)).not.toContain('SECRET');
    expect(calls.map((c) => c.kind)).toEqual(['create', 'in_progress', 'failure']);
  });

  it('finishes once, whatever is called after', async () => {
    const { api, calls } = scriptedApi([]);
    const recorder = recorderFor(api);
    await recorder.start();
    await recorder.succeeded('done');
    await recorder.failed(new Error('late'), 'late');
    expect(calls.map((c) => c.kind)).toEqual(['create', 'in_progress', 'success']);
  });

  it('an unreachable GitHub: tried three times, logged, the final status still sent', async () => {
    const { api, calls } = scriptedApi(['ok', 'down', 'down', 'down', 'ok']);
    const logger = memoryLogger();
    const recorder = recorderFor(api, logger);
    await recorder.start();
    await recorder.succeeded('done');
    expect(calls.map((c) => c.kind)).toEqual([
      'create',
      'in_progress',
      'in_progress',
      'in_progress',
      'success',
    ]);
    expect(recorder.state).toBe('success');
    // in_progress lost but the final status landed: logged, no warning.
    expect(warningsOf(logger)).toEqual([]);
    expect(logger.lines).toContain(
      'info: Could not set the deployment\'s status to in_progress for environment "docs-production": GitHub could not be reached (ECONNREFUSED). Check the status of GitHub and GITHUB_API_URL. The publish goes on; the final status will still be sent.',
    );
  });

  it('a rate limit after the deployment exists is waited out, not taken for a refusal', async () => {
    const { api, calls } = scriptedApi([
      'ok',
      { status: 429, retryAfterMs: 1000 },
      'ok',
      { status: 403, retryAfterMs: 2000 },
      'ok',
    ]);
    const logger = memoryLogger();
    const clock = new ManualClock({ auto: true });
    const recorder = recorderFor(api, logger, undefined, clock);
    await recorder.start();
    await recorder.succeeded('done');
    expect(calls.map((c) => c.kind)).toEqual([
      'create',
      'in_progress',
      'in_progress',
      'success',
      'success',
    ]);
    expect(clock.slept).toEqual([1000, 2000]);
    expect(warningsOf(logger)).toEqual([]);
    expect(recorder.state).toBe('success');
  });

  it('a 422 on in_progress skips that status only: the final one is still sent', async () => {
    const { api, calls } = scriptedApi(['ok', 422, 'ok']);
    const logger = memoryLogger();
    const recorder = recorderFor(api, logger);
    await recorder.start();
    await recorder.failed(new UserError('Export job se_1 failed: x'), 'Export job se_1 failed: x');
    expect(calls.map((c) => c.kind)).toEqual(['create', 'in_progress', 'failure']);
    expect(recorder.state).toBe('failure');
    expect(warningsOf(logger)).toEqual([]);
  });

  it('a 422 on in_progress, then a final status that is lost: the one warning is about the final', async () => {
    const { api } = scriptedApi(['ok', 422, 502, 502, 502]);
    const logger = memoryLogger();
    const recorder = recorderFor(api, logger);
    await recorder.start();
    await recorder.succeeded('done');
    expect(warningsOf(logger)).toEqual([
      'warning: Could not set the deployment\'s status to success for environment "docs-production": GitHub answered 502 (Resource not accessible by integration). Check the status of GitHub and GITHUB_API_URL. Deployment 7 is left without a status: set its status by hand if it matters. The publish goes on.',
    ]);
  });

  it('a rate limit longer than it is worth waiting: that status is given up at once', async () => {
    const { api, calls } = scriptedApi(['ok', { status: 403, retryAfterMs: 600_000 }, 'ok']);
    const logger = memoryLogger();
    const clock = new ManualClock({ auto: true });
    const recorder = recorderFor(api, logger, undefined, clock);
    await recorder.start();
    await recorder.succeeded('done');
    expect(clock.slept).toEqual([]);
    expect(calls.map((c) => c.kind)).toEqual(['create', 'in_progress', 'success']);
    expect(recorder.state).toBe('success');
  });

  it('a 401 on create points at github-token', async () => {
    const { api } = scriptedApi([401]);
    const logger = memoryLogger();
    await recorderFor(api, logger).start();
    expect(warningsOf(logger)).toEqual([
      'warning: Could not create a deployment for environment "docs-production": GitHub answered 401 (Resource not accessible by integration). GitHub refused the token: check github-token (the default, the job\'s GITHUB_TOKEN, is always valid during the job). The publish goes on without a deployment record.',
    ]);
  });

  it('a 404 on a status after create: the token or deployment is gone, nothing more is sent', async () => {
    const { api, calls } = scriptedApi(['ok', 404]);
    const logger = memoryLogger();
    const recorder = recorderFor(api, logger);
    await recorder.start();
    await recorder.succeeded('done');
    expect(calls.map((c) => c.kind)).toEqual(['create', 'in_progress']);
    expect(recorder.state).toBeUndefined();
    expect(warningsOf(logger)).toEqual([
      'warning: Could not set the deployment\'s status to in_progress for environment "docs-production": GitHub answered 404 (Resource not accessible by integration). The token was refused for this deployment (was the deployment deleted, or its permission withdrawn?). Deployment 7 is left without a status: set its status by hand if it matters. The publish goes on.',
    ]);
  });

  it('a final status that cannot be sent says the deployment is left in_progress', async () => {
    const { api } = scriptedApi(['ok', 'ok', 502, 502, 502]);
    const logger = memoryLogger();
    const recorder = recorderFor(api, logger);
    await recorder.start();
    await recorder.succeeded('done');
    expect(recorder.state).toBe('in_progress');
    expect(warningsOf(logger)).toHaveLength(1);
    expect(warningsOf(logger)[0]).toMatch(
      /GitHub answered 502 .* Deployment 7 is left in_progress: set its status by hand if it matters\. The publish goes on\.$/,
    );
  });

  it('a 403 on create: one warning naming the permission, no more calls', async () => {
    const { api, calls } = scriptedApi([403]);
    const logger = memoryLogger();
    const recorder = recorderFor(api, logger);
    await recorder.start();
    await recorder.succeeded('done');
    expect(calls.map((c) => c.kind)).toEqual(['create']);
    expect(recorder.id).toBeUndefined();
    const warnings = logger.lines.filter((l) => l.startsWith('warning:'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('"permissions: deployments: write"');
  });
});

describe('deployment inputs', () => {
  function parse(given: Record<string, string>) {
    const declared = actionYaml().inputs;
    return parsePublishInputs(
      (name) =>
        ({
          'api-key': 'mint_abc',
          domain: 'docs.example.com',
          'values-file': 'values.yaml',
          ...given,
        })[name] ?? (declared[name]!.default ?? '').replace('${{ github.token }}', 'ghs_abc'),
      '/ws',
    );
  }

  it('environment-url defaults to the domain; none with job-id alone', () => {
    expect(parse({ environment: 'docs-production' }).inputs.deployment).toEqual({
      environment: 'docs-production',
      environmentUrl: 'https://docs.example.com',
      token: 'ghs_abc',
    });
    expect(
      parse({ environment: 'prod', domain: '', 'job-id': 'se_1' }).inputs.deployment
        ?.environmentUrl,
    ).toBeUndefined();
  });

  it('refuses a bad environment-url, one with credentials, and an empty token', () => {
    const refused = (given: Record<string, string>) => {
      try {
        parse(given);
      } catch (error) {
        expect(error).toBeInstanceOf(InputError);
        return (error as Error).message;
      }
      throw new Error('not refused');
    };
    expect(refused({ environment: 'p', 'environment-url': 'docs.example.com' })).toMatch(
      /^Input "environment-url" \("docs.example.com"\) is not an http\(s\) URL/,
    );
    expect(
      refused({ environment: 'p', 'environment-url': 'https://u:pw@docs.example.com' }),
    ).toMatch(/^Input "environment-url" holds a user name or password/);
    expect(refused({ environment: 'p', 'github-token': '' })).toMatch(
      /^Input "github-token" is empty, but environment is set/,
    );
  });

  it('warns that environment-url alone does nothing', () => {
    const parsed = parse({ 'environment-url': 'https://docs.example.com' });
    expect(parsed.inputs.deployment).toBeUndefined();
    expect(parsed.warnings).toEqual([
      'Input "environment-url" is ignored because environment is empty: set environment to record the publish as a GitHub deployment.',
    ]);
  });
});

describe('DeploymentRecorder on cancel', () => {
  /** A GitHub that never answers a status: each call ends only when its signal aborts. */
  function silentStatuses(clock: ManualClock) {
    const calls: { kind: string; ended?: number }[] = [];
    const api: DeploymentApi = {
      createDeployment: async () => {
        calls.push({ kind: 'create' });
        return { id: 7 };
      },
      createStatus: (_id, status, signal) =>
        new Promise((_, reject) => {
          const call: { kind: string; ended?: number } = { kind: status.state };
          calls.push(call);
          signal.addEventListener('abort', () => {
            call.ended = clock.now();
            reject(signal.reason as Error);
          });
        }),
    };
    return { api, calls };
  }

  /** The recorder as the action makes it: its waits are the clock's, cut by the run's signal. */
  const recorderOn = (
    api: DeploymentApi,
    clock: ManualClock,
    cancel: AbortSignal,
    logger = memoryLogger(),
  ) => new DeploymentRecorder({ api, spec, logger, redact: (t) => t, cancel, clock });

  it('the final status of a cancelled run ends within the cancel budget, with no retry', async () => {
    const clock = new ManualClock();
    const controller = new AbortController();
    const { api, calls } = scriptedApi([]);
    const recorder = recorderOn(api, clock, controller.signal);
    await recorder.start();
    const silent = silentStatuses(clock);
    Object.assign(api, { createStatus: silent.api.createStatus });
    controller.abort();
    const cancelledAt = clock.now();
    let done = false;
    const failed = recorder
      .failed(new StoppedError('Cancelled', 'cancelled'), 'Cancelled')
      .then(() => (done = true));
    await clock.advance(CANCELLED_BUDGET_MS - 1);
    expect(done).toBe(false);
    await clock.advance(1);
    await failed;
    // Cut exactly at the budget (not the call's own 10 s limit), and not tried again after.
    expect(silent.calls).toEqual([{ kind: 'error', ended: cancelledAt + CANCELLED_BUDGET_MS }]);
    expect(calls.map((c) => c.kind)).toEqual(['create', 'in_progress']);
    expect(clock.sleeping).toBe(0);
  });

  it('a call in flight when the run is cancelled is cut to the budget', async () => {
    const clock = new ManualClock();
    const controller = new AbortController();
    const { api, calls } = silentStatuses(clock);
    const recorder = recorderOn(api, clock, controller.signal);
    const started = recorder.start();
    await clock.advance(100);
    expect(calls.map((c) => c.kind)).toEqual(['create', 'in_progress']);
    const cancelledAt = clock.now();
    controller.abort();
    await clock.advance(CANCELLED_BUDGET_MS);
    await started;
    expect(calls[1]!.ended).toBe(cancelledAt + CANCELLED_BUDGET_MS);
  });

  it('a call with no answer and no cancel ends at its own time limit', async () => {
    const clock = new ManualClock();
    const { api, calls } = silentStatuses(clock);
    const logger = memoryLogger();
    const recorder = recorderOn(api, clock, new AbortController().signal, logger);
    const startedAt = clock.now();
    const started = recorder.start();
    await clock.advance(9_999);
    expect(calls[1]!.ended).toBeUndefined();
    await clock.advance(1);
    expect(calls[1]!.ended).toBe(startedAt + 10_000);
    // Tried again after a pause of a second, time allowing (three tries in all).
    await clock.advance(60_000);
    await started;
    expect(calls.map((c) => c.kind)).toEqual([
      'create',
      'in_progress',
      'in_progress',
      'in_progress',
    ]);
    expect(logger.lines.join('\n')).toContain('no answer in time');
  });

  it('a cancel during a wait between tries ends the wait: in_progress is dropped, the final status sent', async () => {
    const clock = new ManualClock();
    const controller = new AbortController();
    const { api, calls } = scriptedApi(['ok', { status: 429, retryAfterMs: 4000 }]);
    const logger = memoryLogger();
    const recorder = recorderOn(api, clock, controller.signal, logger);
    let done = false;
    const started = recorder.start().then(() => (done = true));
    await clock.advance(100);
    // Waiting out the rate limit (nothing else sleeps: the call ended).
    expect(clock.sleeping).toBe(1);
    expect(done).toBe(false);
    controller.abort();
    await settle();
    await started;
    // Ended by the cancel, not by the clock.
    expect(clock.now() - Date.parse('2026-11-24T00:00:00Z')).toBe(100);
    await recorder.failed(new StoppedError('Cancelled', 'cancelled'), 'Cancelled');
    expect(calls.map((c) => c.kind)).toEqual(['create', 'in_progress', 'error']);
    expect(recorder.state).toBe('error');
    expect(warningsOf(logger)).toEqual([]);
  });

  it('cancelled while the deployment is created: no in_progress, straight to the final status', async () => {
    const controller = new AbortController();
    let created!: () => void;
    const createAfter = new Promise<void>((resolve) => (created = resolve));
    const { api, calls } = scriptedApi([]);
    const slow: DeploymentApi = {
      createDeployment: async (request, signal) => {
        await createAfter;
        return api.createDeployment(request, signal);
      },
      createStatus: api.createStatus,
    };
    const recorder = recorderFor(slow, memoryLogger(), controller.signal);
    const started = recorder.start();
    controller.abort();
    created();
    await started;
    await recorder.failed(new StoppedError('Cancelled', 'cancelled'), 'Cancelled');
    expect(calls.map((c) => c.kind)).toEqual(['create', 'error']);
    expect(recorder.state).toBe('error');
  });
});

describe('toApiError, from what Octokit really throws', () => {
  /** A server that answers each request from a list, and then hangs (calling `hung`). */
  async function server(
    answers: { status: number; headers?: Record<string, string>; body?: unknown }[],
    hung: () => void = () => undefined,
  ) {
    const http = createServer((req, res) => {
      req.resume();
      const answer = answers.shift();
      if (!answer) return hung();
      res
        .writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers })
        .end(JSON.stringify(answer.body ?? {}));
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const port = (http.address() as AddressInfo).port;
    return {
      baseUrl: `http://127.0.0.1:${port}`,
      close: () => new Promise<void>((r) => (http.closeAllConnections(), http.close(() => r()))),
    };
  }

  async function thrown(baseUrl: string, signal = AbortSignal.timeout(5000)) {
    const octokit = getOctokit('ghs_test', { baseUrl });
    try {
      await octokit.rest.repos.createDeploymentStatus({
        owner: 'acme',
        repo: 'docs',
        deployment_id: 1,
        state: 'success',
        request: { signal },
      });
    } catch (error) {
      return toApiError(error, signal);
    }
    throw new Error('no error thrown');
  }

  it('tells an answer (status, rate limit, wait) from no answer (code, timeout)', async () => {
    // The caller's time limit, ended as soon as the server has stopped answering.
    const limit = new AbortController();
    // Retry-After as an HTTP date (whole seconds) about 30 s from now.
    const retryAt = new Date(Date.now() + 30_000).toUTCString();
    const s = await server(
      [
        { status: 403, body: { message: 'Resource not accessible by integration' } },
        { status: 429, headers: { 'retry-after': '2' }, body: { message: 'slow down' } },
        {
          status: 403,
          headers: { 'retry-after': '3' },
          body: { message: 'You have exceeded a secondary rate limit.' },
        },
        { status: 500, body: { message: 'Server Error' } },
        { status: 429, headers: { 'retry-after': retryAt }, body: { message: 'slow down' } },
      ],
      () => limit.abort(new DOMException('The operation timed out.', 'TimeoutError')),
    );
    try {
      const refused = await thrown(s.baseUrl);
      expect([refused.status, refused.retryAfterMs, refused.message]).toEqual([
        403,
        undefined,
        'Resource not accessible by integration',
      ]);
      const limited = await thrown(s.baseUrl);
      expect([limited.status, limited.retryAfterMs]).toEqual([429, 2000]);
      const secondary = await thrown(s.baseUrl);
      expect([secondary.status, secondary.retryAfterMs]).toEqual([403, 3000]);
      const broken = await thrown(s.baseUrl);
      expect([broken.status, broken.retryAfterMs]).toEqual([500, undefined]);
      // The wait until that date, from the moment the answer was read: between the clock read
      // before the call and after it, whatever time the calls before it took on a loaded machine.
      const before = Date.now();
      const dated = await thrown(s.baseUrl);
      const after = Date.now();
      expect(dated.status).toBe(429);
      expect(dated.retryAfterMs).toBeGreaterThanOrEqual(Date.parse(retryAt) - after);
      expect(dated.retryAfterMs).toBeLessThanOrEqual(Date.parse(retryAt) - before);
      // The list is used up: the server hangs, the call is cut by its signal.
      const slow = await thrown(s.baseUrl, limit.signal);
      expect([slow.status, slow.message]).toEqual([undefined, 'no answer in time']);
    } finally {
      await s.close();
    }
    // Nobody listens there any more: Octokit says 500, but GitHub never answered. (The pooled
    // connections the server closed are seen closed first: a request on one would be a reset.)
    await settle();
    const down = await thrown(s.baseUrl);
    expect([down.status, down.message]).toEqual([undefined, 'ECONNREFUSED']);
  });
});
