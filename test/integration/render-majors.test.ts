/**
 * The render check with Helm 3 and Helm 4 side by side (the real binaries): a chart whose own
 * values.yaml holds two YAML documents renders the link with Helm 3 (which reads the first) and not
 * with Helm 4 (which merges the second in, turning the vendor subchart off). Rendered with both
 * where nothing says which major the controller runs; with one where the checkout pins it; the
 * major it could not render said.
 */
import { mkdir, mkdtemp, readFile, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { binaryHelmMajor } from '../../src/helm/binary-major.js';
import { checkTarget } from '../../src/helm/render-check.js';
import { HelmSet, type HelmPins } from '../../src/helm/majors.js';
import type { RenderTarget } from '../../src/helm/render-target.js';
import { UserError } from '../../src/shared/errors.js';
import { buildUmbrella, helmEnv } from '../helpers/helm.js';

/**
 * The umbrella chart, its vendor subchart on only where enterprise.enabled: its values.yaml says
 * true in its first document and false in its second.
 */
async function twoDocumentChart(): Promise<string> {
  const h = await helmEnv('helm3');
  const ws = await mkdtemp(join(tmpdir(), 'render-majors-'));
  const chart = await buildUmbrella(h, ws, 'umbrella', { gated: true });
  const values = await readFile(join(chart, 'values.yaml'), 'utf8');
  await writeFile(
    join(chart, 'values.yaml'),
    `${values.replace('enterprise:\n', 'enterprise:\n  enabled: true\n')}---\nenterprise:\n  enabled: false\n`,
  );
  return chart;
}

const target = (chart: string, renderer?: RenderTarget['renderer']): RenderTarget => ({
  label: 'umbrella/values-prod.yaml',
  valuesKey: 'enterprise.staticExport',
  chart: { kind: 'chart', ref: chart, releaseName: 'docs' },
  ...(renderer ? { renderer } : {}),
  values: (link) => [
    {
      name: 'values-prod.yaml',
      yaml: `enterprise:\n  staticExport: {enabled: true, bundleUrl: "${link}"}\n`,
    },
  ],
});

/** The render check's options with these helms on PATH (the first is the one a rollout uses). */
async function withHelms(names: ('helm3' | 'helm4')[], pins: HelmPins = {}) {
  const h = await helmEnv('helm3');
  const path = [...names.map((name) => dirname(inject(name))), '/usr/bin', '/bin'].join(':');
  const env = { ...h.env, PATH: path };
  return {
    helm: inject(names[0]!),
    helmArgs: [],
    env,
    redact: (text: string) => text,
    helms: new HelmSet(inject(names[0]!), () => Promise.resolve(pins), env),
  };
}

describe.concurrent('a chart Helm 3 and Helm 4 render differently', () => {
  it('both helms, no major pinned: refused, naming the file of two documents and what each major does', async () => {
    const chart = await twoDocumentChart();
    const error = await checkTarget(target(chart), await withHelms(['helm4', 'helm3'])).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(UserError);
    const message = (error as Error).message;
    expect(message).toMatch(
      /^The render check rendered umbrella\/values-prod\.yaml with Helm 4 \(v4\.\d+\.\d+\) and Helm 3 \(v3\.\d+\.\d+\), as the checkout does not say which helm renders it: Helm 3 \(v3\.\d+\.\d+\) renders the link, Helm 4 \(v4\.\d+\.\d+\) does not\./,
    );
    expect(message).toContain(
      'umbrella/values.yaml holds 2 YAML documents: Helm 3 reads only the first, Helm 4 merges them all.',
    );
    expect(message).toContain('Nothing was sent and no file was changed.');
    // No controller renders a chart beside its values file: no pin would decide, so none is offered.
    expect(message).not.toContain("pin the controller's version");
    expect(message).toContain(
      'leave on the runner only the helm major this chart is deployed with',
    );
  });

  it('Flux with no version in the checkout: both majors, the Flux versions named', async () => {
    const chart = await twoDocumentChart();
    const error = await checkTarget(
      target(chart, 'flux'),
      await withHelms(['helm3', 'helm4']),
    ).catch((e: unknown) => e as Error);
    expect((error as Error).message).toContain(
      'as the checkout does not say which Flux version renders it (Flux 2.8 and later render with Helm 4, earlier ones with Helm 3): Helm 3',
    );
  });

  it('Flux pinned to Helm 3 by the checkout: rendered with Helm 3 alone, found, and said so', async () => {
    const chart = await twoDocumentChart();
    const pin = {
      majors: [3 as const],
      by: 'FluxInstance flux-system/flux (flux.yaml: distribution.version 2.7.x)',
    };
    const outcome = await checkTarget(
      target(chart, 'flux'),
      await withHelms(['helm4', 'helm3'], { flux: pin }),
    );
    expect(outcome).toMatchObject({
      kind: 'found',
      helm: { rendered: [3], unrendered: [], pinnedBy: pin.by },
    });
  });

  it('Flux pinned to Helm 4: Helm 4 alone, which does not render the link: missing', async () => {
    const chart = await twoDocumentChart();
    const pin = {
      majors: [4 as const],
      by: 'clusters/prod/gotk-components.yaml: helm-controller v1.5',
    };
    const outcome = await checkTarget(
      target(chart, 'flux'),
      await withHelms(['helm3', 'helm4'], { flux: pin }),
    );
    expect(outcome).toMatchObject({ kind: 'missing' });
  });

  it('Flux pinned to Helm 4 and only Helm 3 here: not checked (skipped), naming the pin and the step', async () => {
    const chart = await twoDocumentChart();
    const pin = {
      majors: [4 as const],
      by: 'FluxInstance flux-system/flux (clusters/prod/flux.yaml: distribution.version 2.8.x)',
    };
    const outcome = await checkTarget(
      target(chart, 'flux'),
      await withHelms(['helm3'], { flux: pin }),
    );
    expect(outcome.kind).toBe('skipped');
    const reason = outcome.kind === 'skipped' ? outcome.reason : '';
    expect(reason).toContain(`${pin.by} says the controller renders with Helm 4`);
    expect(reason).toContain('azure/setup-helm@v4 with version: v4.2.3');
  });

  it('Flux pinned to Helm 4, and a helm here whose major cannot be read: not checked either', async () => {
    const chart = await twoDocumentChart();
    // A wrapper (no Go build info) whose `helm version` this run does not read, over Helm 3.
    const dir = await mkdtemp(join(tmpdir(), 'wrapped-helm-'));
    await writeFile(
      join(dir, 'helm'),
      `#!/bin/sh\n[ "$1" = version ] && { echo unknown; exit 0; }\nexec ${inject('helm3')} "$@"\n`,
      { mode: 0o755 },
    );
    const h = await helmEnv('helm3');
    const env = { ...h.env, PATH: `${dir}:/usr/bin:/bin` };
    const pin = {
      majors: [4 as const],
      by: 'clusters/prod/gotk-components.yaml: helm-controller v1.5',
    };
    const outcome = await checkTarget(target(chart, 'flux'), {
      helm: join(dir, 'helm'),
      helmArgs: [],
      env,
      redact: (text: string) => text,
      helms: new HelmSet(join(dir, 'helm'), () => Promise.resolve({ flux: pin }), env),
    });
    expect(outcome.kind).toBe('skipped');
    expect(outcome.kind === 'skipped' ? outcome.reason : '').toContain(
      `${pin.by} says the controller renders with Helm 4, and this runner has no helm known to be of that major`,
    );
  });

  it('one helm on PATH: rendered with it, and the other major said not rendered', async () => {
    const chart = await twoDocumentChart();
    const outcome = await checkTarget(target(chart, 'argo'), await withHelms(['helm3']));
    expect(outcome).toMatchObject({ kind: 'found', helm: { rendered: [3], unrendered: [4] } });
  });

  it("helm-release: the run's own helm alone, whatever else is on PATH", async () => {
    const chart = await twoDocumentChart();
    const outcome = await checkTarget(target(chart, 'own'), await withHelms(['helm3', 'helm4']));
    expect(outcome).toMatchObject({ kind: 'found', helm: { rendered: [3], unrendered: [] } });
  });
});

describe('the major of a helm binary, read from its Go build info (no helm run)', () => {
  it('helm 3 and helm 4 say theirs; kubectl and a script say none', async () => {
    expect(await binaryHelmMajor(inject('helm3'))).toBe(3);
    expect(await binaryHelmMajor(inject('helm4'))).toBe(4);
    expect(await binaryHelmMajor(inject('kubectl'))).toBeUndefined();
    const dir = await mkdtemp(join(tmpdir(), 'not-helm-'));
    await writeFile(join(dir, 'helm'), '#!/bin/sh\necho v3.17.3\n', { mode: 0o755 });
    expect(await binaryHelmMajor(join(dir, 'helm'))).toBeUndefined();
    expect(await binaryHelmMajor(join(dir, 'missing'))).toBeUndefined();
  });
});

describe('the helms of a runner', () => {
  it("one on PATH and the other major in azure/setup-helm's tool cache: both found, the one on PATH first", async () => {
    const cache = await mkdtemp(join(tmpdir(), 'tool-cache-'));
    // @actions/tool-cache's layout: <root>/helm/<version>/<arch>/, the binary below it.
    const dir = join(cache, 'helm', '4.2.3', 'x64', 'linux-amd64');
    await mkdir(dir, { recursive: true });
    await symlink(inject('helm4'), join(dir, 'helm'));
    const env = { PATH: `${dirname(inject('helm3'))}:/usr/bin:/bin`, RUNNER_TOOL_CACHE: cache };
    const helms = new HelmSet(inject('helm3'), () => Promise.resolve({}), env);
    const plan = await helms.plan(undefined);
    expect(plan.helms.map((h) => [h.path, h.major])).toEqual([
      [inject('helm3'), 3],
      [join(dir, 'helm'), 4],
    ]);
    expect(plan.unrendered).toEqual([]);
    // Without the cache: Helm 3 alone, Helm 4 said not rendered.
    const alone = new HelmSet(inject('helm3'), () => Promise.resolve({}), { PATH: env.PATH });
    expect(await alone.plan('argo')).toMatchObject({ helms: [{ major: 3 }], unrendered: [4] });
  });
});
