/**
 * refresh-before with the built action under Node 24 against the simulator: a fresh deployed link
 * is left alone without a request; one about to expire is replaced from the export job its path
 * names (generate bundle again, no new export); a job the service no longer has is replaced by a
 * new export that keeps the deployed version.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runPublish } from '../helpers/action.js';
import { sim } from '../helpers/sim.js';
import { CHART, helmEnv, releaseRevision } from '../helpers/helm.js';

const quick = { queuedMs: 50, runningMs: 300, pageCount: 3 };

/** A presigned link like the vendor's: the export job in its path, signed now for `seconds`. */
function link(seconds: number, jobId = 'se_3f9a2c1b8e7d4a06'): string {
  const date = new Date().toISOString().replace(/[-:]|\.\d{3}/g, '');
  return `https://storage.example.com/exports/${jobId}/site.tar.gz?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Date=${date}&X-Amz-Expires=${seconds}&X-Amz-SignedHeaders=host&X-Amz-Signature=0123456789abcdef`;
}

const values = (url: string, version = '2026-11-01') =>
  `# production\nstaticExport:\n  enabled: true\n  bundleUrl: "${url}"\n  version: "${version}"\nreplicaCount: 2\n`;

/** A keep-alive of release docs in namespace docs. */
const ON_RELEASE = {
  'refresh-before': '6h',
  'helm-release': 'docs',
  'helm-namespace': 'docs',
  'helm-chart': CHART,
};

/** A revision of release docs for helm's memory driver, deployed with this link. */
const revision = (version: number, status: string, url: string) =>
  releaseRevision(version, status, {
    config: `{staticExport: {enabled: true, bundleUrl: "${url}"}}`,
  });

describe.concurrent('refresh-before (dist/ under Node 24)', () => {
  it('a link that lives longer than refresh-before: no request, no write, skipped', async () => {
    const s = await sim({ export: quick });
    const text = values(link(24 * 3600));
    const run = await runPublish(s, { values: text, inputs: { 'refresh-before': '6h' } });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(s.requests).toHaveLength(0);
    expect(await readFile(join(run.workspace, 'values.yaml'), 'utf8')).toBe(text);
    expect(run.outputs).toMatchObject({
      skipped: 'true',
      status: 'skipped',
      'bundle-url': '',
      'values-changed': 'false',
      version: '2026-11-01',
    });
    const expires = Date.parse(run.outputs['expires-at']!);
    expect(expires - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    expect(Date.parse(run.outputs['refresh-from']!)).toBe(expires - 6 * 3600_000);
    expect(run.outputs['refresh-by']).toBe(run.outputs['expires-at']);
    expect(run.stdout).toMatch(
      /refresh-before: the link in values\.yaml \(https:\/\/storage\.example\.com\/exports\/se_3f9a2c1b8e7d4a06\/site\.tar\.gz\?…\) expires .*: more than refresh-before \(6h\)\. Nothing to do/,
    );
    // The signature is never printed.
    expect(run.stdout).not.toContain('0123456789abcdef');
    expect(run.summary).toContain('the deployed link is still fresh');
    console.log(
      `keep-alive skip: ${run.durationMs} ms from spawn to exit (${run.ranMs} ms from the first output)`,
    );
    // A guard against a skip that waits (a poll, a time limit), not a speed figure: with the
    // e2e files at once on 2 cores a spawn alone took 2.8 s. The cost of a skip run (about 360 ms
    // alone) is measured as a whole process (docs/keep-alive.md).
    expect(run.durationMs).toBeLessThan(10_000);
  });

  it('a fresh link in one values file and none in another: a fresh link from the same job, the same version, for both', async () => {
    const s = await sim({ export: quick });
    const first = await runPublish(s, {
      values: values(''),
      inputs: { version: '2026-11-01' },
    });
    expect(first.code, first.stdout).toBe(0);
    const ws = first.workspace;
    await writeFile(join(ws, 'b.yaml'), 'replicaCount: 1\n');
    const run = await runPublish(s, {
      workspace: ws,
      inputs: { 'refresh-before': '6h', 'values-file': 'values.yaml\nb.yaml' },
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(
      /refresh-before: b\.yaml has no link at values-key, while values\.yaml has one: a fresh link from export job se_\w+, which its path names \(no new export\), written to every values file\./,
    );
    expect(run.outputs.skipped).toBe('false');
    // No new export: what the site shows does not change.
    expect(s.requestsFor('start-export')).toHaveLength(1);
    expect(s.requestsFor('bundle')).toHaveLength(2);
    for (const file of ['values.yaml', 'b.yaml']) {
      const text = await readFile(join(ws, file), 'utf8');
      expect(text).toContain(run.outputs['bundle-url']!);
      expect(text).toContain('version: "2026-11-01"');
    }
  });

  // Flux HelmReleases, each with a fresh link. A skip would say "nothing to do" where the
  // publish refuses: a misspelt values-document line (docs-preview, the document it meant, is
  // never looked at), verify-url or helm-release with a manifest, a ConfigMap whose link loses to
  // the HelmRelease's own or that it reads only at a targetPath (refused only once the link is
  // about to expire, so the one run that must replace it fails).
  it.each([
    [
      'a values-document line that matches no document',
      { 'values-document': 'HelmRelease/docs\nHelmRelease/docs-previw' },
      /values-document.*line "HelmRelease\/docs-previw" matches no document of any values file \(chosen: HelmRelease\/docs\)/,
    ],
    [
      'verify-url with a manifest',
      { 'values-document': 'HelmRelease/docs', 'verify-url': 'https://docs.example.com/' },
      /Input "verify-url" is set, but values-file values\.yaml is a manifest \(HelmRelease\/docs\)/,
    ],
    [
      'helm-release with a manifest',
      { ...ON_RELEASE },
      /Input "helm-release" is set, but values-file values\.yaml is a manifest \(HelmRelease\/docs\)/,
    ],
    [
      'a chosen ConfigMap whose link the HelmRelease reading it overrides in spec.values',
      { 'values-document': 'ConfigMap/docs-values[values.yaml]' },
      /values-file "values\.yaml \(HelmRelease\/docs\)" sets staticExport\.bundleUrl, staticExport\.version in spec\.values, which helm-controller merges over its valuesFrom ConfigMap\/docs-values\[values\.yaml\]/,
    ],
    [
      'a chosen ConfigMap that the HelmRelease reads only at a targetPath',
      { 'values-document': 'ConfigMap/docs-values[values.yaml]' },
      /values-file "values\.yaml \(HelmRelease\/docs\)" reads ConfigMap\/docs-values\[values\.yaml\], where the link was chosen to go, only at targetPath site\.config/,
    ],
  ])('%s is refused, not skipped over', async (what, inputs, message) => {
    const release = (name: string) =>
      `apiVersion: helm.toolkit.fluxcd.io/v2\nkind: HelmRelease\nmetadata:\n  name: ${name}\nspec:\n  chart:\n    spec: {chart: enterprise, sourceRef: {kind: HelmRepository, name: mintlify}}\n  values:\n    staticExport:\n      enabled: true\n      bundleUrl: "${link(24 * 3600)}"\n      version: "2026-11-01"\n`;
    // helm-release refuses values-document: that case has one document, chosen without it.
    // The ConfigMap holds a fresh link too: only the HelmRelease's, which wins, is checked.
    const configMap = `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: docs-values}\ndata:\n  values.yaml: |\n    staticExport:\n      enabled: true\n      bundleUrl: "${link(24 * 3600)}"\n      version: "2026-11-01"\n`;
    const text = what.startsWith('helm-release')
      ? release('docs')
      : what.startsWith('a chosen ConfigMap')
        ? `${release('docs').replace('  values:\n', `  valuesFrom:\n    - {kind: ConfigMap, name: docs-values${what.includes('targetPath') ? ', targetPath: site.config' : ''}}\n  values:\n`)}---\n${configMap}`
        : `${release('docs')}---\n${release('docs-preview')}`;
    // With helm-release, the release is deployed with a fresh link: the old build skipped on it.
    const h = what.startsWith('helm-release')
      ? await helmEnv('helm3', revision(2, 'deployed', link(24 * 3600)))
      : undefined;
    const s = await sim({ export: quick });
    const run = await runPublish(s, {
      values: text,
      env: h?.env,
      inputs: { 'refresh-before': '6h', ...inputs },
    });
    expect(run.code).not.toBe(0);
    expect(run.stdout + run.stderr).toMatch(message);
    expect(run.stdout).not.toContain('Nothing to do');
    expect(run.outputs.skipped).not.toBe('true');
    expect(s.requests).toHaveLength(0);
    expect(await readFile(join(run.workspace, 'values.yaml'), 'utf8')).toBe(text);
  });

  it('a link about to expire is replaced from the export job its path names, without a new export', async () => {
    const s = await sim({ export: quick, linkLifetimesMs: [6 * 3600_000, 5 * 3600_000] });
    const first = await runPublish(s, { values: values(''), inputs: { version: '2026-11-01' } });
    expect(first.code, first.stdout).toBe(0);
    const deployed = first.outputs['bundle-url']!;
    // The deployed link lives 6 h: with refresh-before 7h it is due.
    const run = await runPublish(s, {
      workspace: first.workspace,
      inputs: { 'refresh-before': '7h' },
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(s.requestsFor('start-export')).toHaveLength(1);
    expect(s.requestsFor('bundle')).toHaveLength(2);
    expect(run.stdout).toMatch(
      /within refresh-before \(7h\): a fresh link from export job se_\w+, which its path names \(no new export\)/,
    );
    const fresh = run.outputs['bundle-url']!;
    expect(fresh).not.toBe(deployed);
    const text = await readFile(join(run.workspace, 'values.yaml'), 'utf8');
    expect(text).toContain(fresh);
    // The deployed version is kept, though the run names none.
    expect(text).toContain('version: "2026-11-01"');
    expect(run.outputs.skipped).toBe('false');
    expect(Date.parse(run.outputs['refresh-from']!)).toBe(
      Date.parse(run.outputs['expires-at']!) - 7 * 3600_000,
    );
  });

  it('signed with temporary credentials, its job gone: a warning that every run replaces such a link, and a new export that keeps the deployed version', async () => {
    const s = await sim({ export: quick });
    // A session token in the query: the link may die with it, whatever X-Amz-Expires says.
    const temporary = link(600).replace(
      '&X-Amz-Signature',
      '&X-Amz-Security-Token=FwoGZXIvYXdz&X-Amz-Signature',
    );
    const run = await runPublish(s, {
      values: values(temporary, '2026-10-15'),
      inputs: { 'refresh-before': '1h' },
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(
      /::warning::refresh-before: the link in values\.yaml has an unknown expiry \(.*X-Amz-Security-Token.*\): .* If the links the service issues carry no readable expiry either \(temporary credentials\), every keep-alive run replaces the link, with a rollout each time\./,
    );
    expect(run.stdout).not.toContain('FwoGZXIvYXdz');
    expect(s.requestsFor('get-export')[0]!.path).toContain('se_3f9a2c1b8e7d4a06');
    expect(run.stdout).toContain(
      'Export job se_3f9a2c1b8e7d4a06, which the deployed link names, is gone (HTTP 404): a new export of docs.example.com keeps version 2026-10-15.',
    );
    expect(s.requestsFor('start-export')[0]!.body).toMatchObject({ version: '2026-10-15' });
  });

  it('with helm-release, the link the release was deployed with decides (helm get values)', async () => {
    const h = await helmEnv(
      'helm3',
      revision(2, 'deployed', link(24 * 3600, 'se_0123456789abcdef')),
    );
    const s = await sim({ export: quick });
    // The values file holds an older, expired link: the release's is the one pods use.
    const text = values(link(1));
    const run = await runPublish(s, {
      values: text,
      env: h.env,
      inputs: ON_RELEASE,
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.outputs.skipped).toBe('true');
    expect(run.stdout).toContain(
      'refresh-before: the link in release docs (https://storage.example.com/exports/se_0123456789abcdef/site.tar.gz?…)',
    );
    expect(s.requests).toHaveLength(0);
    expect(await readFile(join(run.workspace, 'values.yaml'), 'utf8')).toBe(text);
  });

  it('with helm-release, a newest revision that failed is no reason to skip: its link may never have reached the pods', async () => {
    // Revision 1 is what the pods run; revision 2, an upgrade that failed, holds a fresh link.
    const h = await helmEnv(
      'helm3',
      revision(1, 'superseded', link(600)) + revision(2, 'failed', link(24 * 3600)),
    );
    const s = await sim({ export: quick });
    const run = await runPublish(s, {
      values: values(''),
      env: h.env,
      inputs: ON_RELEASE,
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain(
      "refresh-before: the deployed link could not be read (release docs is at revision 2, which is failed, not deployed: the pods may run an earlier revision's link): an ordinary publish, which replaces it.",
    );
    expect(run.outputs).toMatchObject({ skipped: 'false', 'helm-revision': '3' });
    expect(s.requestsFor('bundle')).toHaveLength(1);
  });

  it('with helm-release and no release yet: an ordinary publish, said as such', async () => {
    const h = await helmEnv('helm3');
    const s = await sim({ export: quick });
    const run = await runPublish(s, {
      values: values(''),
      env: h.env,
      inputs: { 'refresh-before': '6h', 'helm-release': 'docs', 'helm-chart': CHART },
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain(
      'refresh-before: no link is deployed yet (release docs has none at values-key): an ordinary publish.',
    );
    expect(s.requestsFor('start-export')).toHaveLength(1);
    expect(run.outputs).toMatchObject({ skipped: 'false', 'helm-revision': '1' });
  });

  it('refresh-before with bundle-url is refused before anything', async () => {
    const s = await sim();
    const run = await runPublish(s, {
      values: values(''),
      inputs: {
        'refresh-before': '6h',
        'bundle-url': 'https://mirror.example.com/site.tar.gz',
        domain: '',
      },
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /::error::Input "refresh-before" is set together with bundle-url\. The link in bundle-url is your own to keep alive/,
    );
    expect(s.requests).toHaveLength(0);
  });
});
