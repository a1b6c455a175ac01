import { describe, expect, it } from 'vitest';
import {
  DeploymentApiError,
  DeploymentRecorder,
  outcomeOf,
  statusDescription,
  type DeploymentApi,
  type DeploymentStatus,
} from '../../src/deployment.js';
import { InputError, StoppedError, UserError } from '../../src/errors.js';
import { parseInputs } from '../../src/inputs.js';
import { memoryLogger } from '../../src/logger.js';
import { actionYaml } from '../helpers/action.js';

/** A GitHub that answers from a script: each call takes the next answer (an error or ok). */
function scriptedApi(answers: (number | 'ok' | 'down')[]) {
  const calls: { kind: string; body: unknown }[] = [];
  const next = () => {
    const answer = answers.shift() ?? 'ok';
    if (answer === 'down') throw new DeploymentApiError('ECONNREFUSED');
    if (answer !== 'ok')
      throw new DeploymentApiError('Resource not accessible by integration', answer);
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
});

describe('DeploymentRecorder', () => {
  it('hides every secret from what it sends', async () => {
    const { api, calls } = scriptedApi([]);
    const recorder = new DeploymentRecorder(api, spec, memoryLogger(), (t) =>
      t.split('SECRET').join('***'),
    );
    await recorder.start();
    await recorder.failed(new UserError('x'), 'failed at https://s.example/b?sig=SECRET');
    expect(JSON.stringify(calls)).not.toContain('SECRET');
    expect(calls.map((c) => c.kind)).toEqual(['create', 'in_progress', 'failure']);
  });

  it('finishes once, whatever is called after', async () => {
    const { api, calls } = scriptedApi([]);
    const recorder = new DeploymentRecorder(api, spec, memoryLogger(), (t) => t);
    await recorder.start();
    await recorder.succeeded('done');
    await recorder.failed(new Error('late'), 'late');
    expect(calls.map((c) => c.kind)).toEqual(['create', 'in_progress', 'success']);
  });

  it('an unreachable GitHub: retried once, one warning, the final status still tried', async () => {
    const { api, calls } = scriptedApi(['ok', 'down', 'down', 'ok']);
    const logger = memoryLogger();
    const recorder = new DeploymentRecorder(api, spec, logger, (t) => t);
    await recorder.start();
    await recorder.succeeded('done');
    expect(calls.map((c) => c.kind)).toEqual(['create', 'in_progress', 'in_progress', 'success']);
    expect(logger.lines.filter((l) => l.startsWith('warning:'))).toHaveLength(1);
  });

  it('a 403 on create: one warning naming the permission, no more calls', async () => {
    const { api, calls } = scriptedApi([403]);
    const logger = memoryLogger();
    const recorder = new DeploymentRecorder(api, spec, logger, (t) => t);
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
    return parseInputs(
      (name) =>
        ({ 'api-key': 'mint_abc', domain: 'docs.example.com', ...given })[name] ??
        (declared[name]!.default ?? '').replace('${{ github.token }}', 'ghs_abc'),
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
