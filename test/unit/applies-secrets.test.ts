/**
 * A repository address written with a token in its user part (`https://bot:token@github.com/…`,
 * as a CI-generated Application may carry) is named in a refusal without the token.
 */
import { describe, expect, it } from 'vitest';
import { argoHeldBack } from '../../src/gitops/applies.js';

const URL = 'https://bot:ghp_SECRET123@github.com/acme/docs.git';
const landing = { branch: 'main', why: 'the branch this run pushes to' };

describe('an Application on another revision, its repoURL carrying a token', () => {
  it('its targetRevision: named without the token', () => {
    const why = argoHeldBack(
      { repoURL: URL, targetRevision: 'production', path: 'charts/docs' },
      'Application/argocd/docs (apps/docs.yaml)',
      landing,
    );
    expect(why).toContain('https://github.com/acme/docs.git');
    expect(why).not.toContain('ghp_SECRET123');
  });

  it("an ApplicationSet git generator's revision: named without the token", () => {
    const why = argoHeldBack(
      { repoURL: URL, targetRevision: 'main', path: 'charts/docs' },
      'Application/argocd/docs (appsets/apps.yaml)',
      landing,
      { label: 'ApplicationSet/argocd/apps', git: { repoURL: URL, revision: 'production' } },
    );
    expect(why).toContain('whose git generator reads https://github.com/acme/docs.git');
    expect(why).not.toContain('ghp_SECRET123');
  });
});
