/**
 * When Argo CD applies a change at all, as pure rules: automated sync (`enabled: false` turns it
 * off), the revision a source or a git generator follows (none or `HEAD` is the remote's default
 * branch, `refs/heads/` is dropped, a full SHA is pinned), and an ApplicationSet's RollingSync
 * (the first step whose `matchExpressions` all hold; `maxUpdate: 0` or no step means by hand).
 */
import { describe, expect, it } from 'vitest';
import { argoManualSync, argoRevision, rollingSyncOf } from '../../src/controllers/argo-cd.js';

describe('automated sync', () => {
  it('is on only with spec.syncPolicy.automated set and enabled not false', () => {
    expect(argoManualSync({ spec: {} })).toBe('no spec.syncPolicy.automated');
    expect(argoManualSync({ spec: { syncPolicy: { automated: null } } })).toBe(
      'no spec.syncPolicy.automated',
    );
    expect(argoManualSync({ spec: { syncPolicy: { automated: {} } } })).toBeUndefined();
    expect(
      argoManualSync({ spec: { syncPolicy: { automated: { enabled: true, prune: true } } } }),
    ).toBeUndefined();
    expect(argoManualSync({ spec: { syncPolicy: { automated: { enabled: false } } } })).toBe(
      'spec.syncPolicy.automated.enabled: false',
    );
  });
});

describe('the revision a source follows', () => {
  it('none or HEAD is the default branch, when known', () => {
    expect(argoRevision(undefined, 'main')).toEqual({
      revision: 'HEAD',
      commit: false,
      branch: 'main',
    });
    expect(argoRevision('  ', undefined)).toEqual({ revision: 'HEAD', commit: false });
    expect(argoRevision('HEAD', 'trunk')).toEqual({
      written: 'HEAD',
      revision: 'HEAD',
      commit: false,
      branch: 'trunk',
    });
  });

  it('refs/heads/ names the branch; a full SHA is one commit', () => {
    expect(argoRevision(' refs/heads/production ', 'main')).toEqual({
      written: 'refs/heads/production',
      revision: 'production',
      commit: false,
      branch: 'production',
    });
    const sha = '0123456789abcdef0123456789abcdef01234567';
    expect(argoRevision(sha, 'main')).toMatchObject({ revision: sha, commit: true });
    expect(argoRevision('0123456', 'main').commit).toBe(false);
  });
});

describe('RollingSync', () => {
  const appSet = (steps: unknown[]) => ({
    spec: { strategy: { type: 'RollingSync', rollingSync: { steps } } },
  });
  const app = (labels: Record<string, string>) => ({ metadata: { labels } });
  const steps = [
    { matchExpressions: [{ key: 'env', operator: 'In', values: ['dev'] }] },
    { matchExpressions: [{ key: 'env', operator: 'NotIn', values: ['dev', 'test'] }] },
  ];

  it('is nothing without strategy RollingSync', () => {
    expect(rollingSyncOf({ spec: {} }, 'ApplicationSet/docs', app({}))).toBeUndefined();
    expect(
      rollingSyncOf({ spec: { strategy: { type: 'AllAtOnce' } } }, 'x', app({})),
    ).toBeUndefined();
  });

  it('the first step that selects the Application syncs it; none, or maxUpdate 0, leaves it to a hand', () => {
    const prod = rollingSyncOf(appSet(steps), 'ApplicationSet/docs', app({ env: 'prod' }));
    expect(prod?.byHand).toBe(false);
    expect(prod?.note).toContain('step 2');
    expect(rollingSyncOf(appSet(steps), 'a', app({ env: 'dev' }))?.note).toContain('step 1');
    expect(rollingSyncOf(appSet(steps), 'a', app({ env: 'test' }))?.byHand).toBe(true);
    const stopped = [{ ...steps[0], maxUpdate: 0 }];
    expect(rollingSyncOf(appSet(stopped), 'a', app({ env: 'dev' }))?.byHand).toBe(true);
    expect(
      rollingSyncOf(appSet([{ ...steps[0], maxUpdate: '0%' }]), 'a', app({ env: 'dev' }))?.byHand,
    ).toBe(true);
    expect(
      rollingSyncOf(appSet([{ ...steps[0], maxUpdate: 1 }]), 'a', app({ env: 'dev' }))?.byHand,
    ).toBe(false);
  });
});
