/**
 * The GitHub deployment record: its status words, the outcome of a run, the recorder against a
 * scripted GitHub (retries, rate limits, refusals, secrets) and its inputs. Cancellation:
 * deployment-cancel.test.ts; what Octokit really throws: deployment-octokit.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { DeploymentRecorder, outcomeOf, statusDescription } from '../../src/github/deployment.js';
import { ApiError } from '../../src/api/errors.js';
import { InputError, StoppedError, UserError } from '../../src/shared/errors.js';
import { parsePublishInputs } from '../../src/publish/inputs.js';
import { memoryLogger } from '../../src/shared/logger.js';
import { actionYaml } from '../helpers/action.js';
import { ManualClock } from '../helpers/clock.js';
import { recorderFor, scriptedApi, spec, warningsOf } from '../helpers/deployment-recorder.js';

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
