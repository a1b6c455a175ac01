/**
 * values-key and several values files, with the built action under Node 24 against the
 * simulator and the real helm 3 and helm 4: an umbrella chart whose vendor dependency reads the
 * link under enterprise.staticExport (`helm template` shows it in the subchart's output), two
 * environments' files from one export and one link, and a refused path that leaves every file as
 * it was and sends no request.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorLine, newWorkspace, runPublish, writeFiles } from '../helpers/action.js';
import { buildUmbrella, HELMS, helmEnv, helmTemplate, type HelmName } from '../helpers/helm.js';
import { sim } from '../helpers/sim.js';

const quick = { queuedMs: 50, runningMs: 400, pageCount: 5 };
const SUBCHART = '# Source: docs-platform/charts/enterprise/templates/deployment.yaml';
const STAGING = 'enterprise:\n  replicaCount: 1 # staging\n';
const PRODUCTION =
  '# production\nenterprise:\n  replicaCount: 3\n  staticExport: {enabled: false}\n';

/** The lines of `helm template` that show what the subchart got, the link without its query. */
function excerpt(rendered: string): string {
  return rendered
    .split('\n')
    .filter((line) =>
      /# Source:|replicas:|export-version|initContainers|BUNDLE_URL|value:/.test(line),
    )
    .map((line) => line.replace(/\?[^"]*"/, '?…"'))
    .join('\n');
}

const files = writeFiles;

describe.concurrent.each(HELMS)('an umbrella chart, with the built action and real %s', (name) => {
  it('values-key enterprise.staticExport: the subchart renders the new link', async () => {
    const h = await helmEnv(name);
    const ws = await newWorkspace();
    const chart = await buildUmbrella(h, ws);
    const values = join(chart, 'values.yaml');
    const original = await readFile(values, 'utf8');
    const before = await helmTemplate(h, chart, [values]);
    expect(before).toContain(SUBCHART);
    expect(before).toContain('docs/export-version: "latest"');
    expect(before).not.toContain('BUNDLE_URL');

    const s = await sim({ export: quick });
    const run = await runPublish(s, {
      workspace: ws,
      env: h.env,
      inputs: {
        version: '2026-11-22',
        'values-file': 'umbrella/values.yaml',
        'values-key': 'enterprise.staticExport',
        'helm-release': 'docs',
        'helm-chart': chart,
        'helm-namespace': 'docs',
      },
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const link = run.outputs['bundle-url']!;
    // Only the three keys changed, in place.
    expect(await readFile(values, 'utf8')).toBe(
      original
        .replace('enabled: false', 'enabled: true')
        .replace('bundleUrl: ""', `bundleUrl: "${link}"\n    version: "2026-11-22"`),
    );
    expect(run.stdout).toContain('Release docs revision 1: deployed (chart docs-platform-0.3.0).');
    // The render check proved it before the export started.
    expect(run.outputs['render-check']).toBe('true');
    const proved = run.stdout.indexOf(
      'the chart docs-platform 0.3.0 (a folder of the checkout) renders the link',
    );
    expect(proved).toBeGreaterThan(-1);
    expect(proved).toBeLessThan(run.stdout.indexOf('Start export'));

    const after = await helmTemplate(h, chart, [values]);
    const subchart = after.slice(after.indexOf(SUBCHART));
    expect(subchart).toContain(`value: ${JSON.stringify(link)}`);
    expect(subchart).toContain('docs/export-version: "2026-11-22"');
    console.log(
      `helm template, ${name}, before the run:\n${excerpt(before)}\nafter:\n${excerpt(after)}`,
    );
  });
});

describe.concurrent.each(HELMS)(
  'the render check refuses a link the chart would not read (real %s)',
  (name) => {
    it('a top-level staticExport on an umbrella chart: refused before any request, nothing rolled out', async () => {
      const h = await helmEnv(name);
      const ws = await newWorkspace();
      const chart = await buildUmbrella(h, ws);
      const values = join(chart, 'values.yaml');
      const original = await readFile(values, 'utf8');
      const s = await sim({ export: quick });
      const run = await runPublish(s, {
        workspace: ws,
        env: h.env,
        inputs: {
          'values-file': 'umbrella/values.yaml',
          'helm-release': 'docs',
          'helm-chart': chart,
          'helm-namespace': 'docs',
        },
      });
      expect(run.code).toBe(1);
      expect(run.stdout).toMatch(
        /::error::The render check found that the chart does not read the link: helm-release docs \(chart \S+umbrella\): none of the 1 documents the vendor chart renders \(chart docs-platform 0\.3\.0 \(a folder of the checkout\)\) holds the link written at values-key staticExport\. The chart reads the vendor chart's values at enterprise\.staticExport: set values-key: enterprise\.staticExport\. A run would write it where nothing reads it, and the site would never change\. Nothing was sent and no file was changed\./,
      );
      expect(s.requests).toHaveLength(0);
      expect(await readFile(values, 'utf8')).toBe(original);
      expect(run.stdout).not.toContain('helm upgrade');
      expect(run.outputs['render-check']).toBeUndefined();
    });
  },
);

/** Staging and production files next to the umbrella chart, rolled out with `helm` in one run. */
async function twoEnvironments(helm: HelmName, more: Record<string, string> = {}) {
  const s = await sim({ export: quick });
  const h = await helmEnv(helm);
  const ws = await newWorkspace();
  const chart = await buildUmbrella(h, ws);
  await files(ws, { 'env/staging.yaml': STAGING, 'env/production.yaml': PRODUCTION });
  const run = await runPublish(s, {
    workspace: ws,
    env: h.env,
    inputs: {
      'values-file': 'env/staging.yaml\nenv/production.yaml\n',
      'values-key': 'enterprise.staticExport',
      'helm-release': 'docs',
      'helm-chart': chart,
      ...more,
    },
  });
  expect(run.code, run.stdout + run.stderr).toBe(0);
  return { s, h, ws, chart, run };
}

describe.concurrent('several values files in one run', () => {
  it('one export, one link, both files edited, passed to helm in the order given', async () => {
    const { s, h, ws, chart, run } = await twoEnvironments('helm4');
    expect(s.requestsFor('start-export')).toHaveLength(1);
    expect(s.requestsFor('bundle')).toHaveLength(1);
    const link = run.outputs['bundle-url']!;
    expect(await readFile(join(ws, 'env/staging.yaml'), 'utf8')).toBe(
      `${STAGING}  staticExport:\n    enabled: true\n    bundleUrl: "${link}"\n`,
    );
    expect(await readFile(join(ws, 'env/production.yaml'), 'utf8')).toBe(
      PRODUCTION.replace('{enabled: false}', `{enabled: true, bundleUrl: "${link}"}`),
    );
    expect(run.outputs['values-file']).toBe('env/staging.yaml\nenv/production.yaml');
    expect(run.outputs['values-changed']).toBe('true');
    expect(run.stdout).toMatch(
      /helm upgrade --install docs \S+ --output json --values env\/staging\.yaml --values env\/production\.yaml\n/,
    );
    expect(run.summary).toContain(
      '| Values file | `env/staging.yaml`: enterprise.staticExport added |',
    );
    expect(run.summary).toContain(
      '| Values file | `env/production.yaml`: enabled updated, bundleUrl added |',
    );
    expect(run.summary).toContain('<summary>Values diff: env/staging.yaml</summary>');
    expect(run.summary).toContain('<summary>Values diff: env/production.yaml</summary>');
    // Helm reads them in that order: production's replicaCount wins, and the link is there.
    const rendered = await helmTemplate(h, chart, [
      join(ws, 'env/staging.yaml'),
      join(ws, 'env/production.yaml'),
    ]);
    expect(rendered).toContain('replicas: 3');
    expect(rendered).toContain(`value: ${JSON.stringify(link)}`);
  });

  it('dry run: helm reads a temporary copy of each file, in order; no file changes', async () => {
    const { ws, run } = await twoEnvironments('helm3', { 'dry-run': 'true' });
    expect(run.stdout).toContain(
      "--values '<temporary copy of env/staging.yaml>' --values '<temporary copy of env/production.yaml>'",
    );
    expect(run.stdout).toContain('pending-install (chart docs-platform-0.3.0), dry run.');
    expect(await readFile(join(ws, 'env/staging.yaml'), 'utf8')).toBe(STAGING);
    expect(await readFile(join(ws, 'env/production.yaml'), 'utf8')).toBe(PRODUCTION);
  });

  it('a path through a scalar in one file: refused before any request, every file untouched', async () => {
    const s = await sim({ export: quick });
    const ws = await newWorkspace();
    const pinned = 'replicaCount: 1\nenterprise: "2.0" # pinned\n';
    await files(ws, { 'a/values.yaml': STAGING, 'b/values.yaml': pinned });
    const run = await runPublish(s, {
      workspace: ws,
      inputs: {
        'values-file': 'a/values.yaml\nb/values.yaml',
        'values-key': 'enterprise.staticExport',
      },
    });
    expect(run.code).toBe(1);
    expect(errorLine(run.stdout)).toBe(
      '::error::values-file "b/values.yaml" has enterprise (on the values-key path enterprise.staticExport) as a string value at line 2, not a mapping. Write enterprise as a mapping (e.g. "enterprise:" with "enabled: true" indented below) or remove it, or check values-key. The file was not changed.',
    );
    expect(s.requests).toHaveLength(0);
    expect(await readFile(join(ws, 'a/values.yaml'), 'utf8')).toBe(STAGING);
    expect(await readFile(join(ws, 'b/values.yaml'), 'utf8')).toBe(pinned);
    expect([...(await readdir(join(ws, 'a'))), ...(await readdir(join(ws, 'b')))]).toEqual([
      'values.yaml',
      'values.yaml',
    ]);
  });
});
