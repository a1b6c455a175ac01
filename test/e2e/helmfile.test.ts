/**
 * helmfile, with the built action under Node 24 against the simulator and the real helm: a state
 * file given as values-file is refused (helmfile decodes it strictly), and a values file a release
 * lists is proven with the values helmfile passes after it (a later values entry, `set` entries),
 * rendered from the release's chart. Every refusal sends no request and leaves every file byte
 * for byte; a success is checked by rendering the chart as `helmfile template` would.
 */
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { newWorkspace, runPublish } from '../helpers/action.js';
import { renderedLink } from '../helpers/gitops.js';
import { startChartRepo } from '../helpers/chart-repo.js';
import { CHART, helmEnv, helmTemplate } from '../helpers/helm.js';
import { sim } from '../helpers/sim.js';

const FIXTURE = fileURLToPath(new URL('../fixtures/helmfile', import.meta.url));
const quick = { queuedMs: 50, runningMs: 300, pageCount: 3 };
const STATE = 'deployments/prod/helmfile.yaml';
const VALUES = 'values/prod/enterprise/values.yaml';

/** The fixture and the test chart in a new workspace; `state` replaces the state file's text. */
async function helmfileWorkspace(state?: (text: string) => string): Promise<string> {
  const ws = await newWorkspace();
  await cp(FIXTURE, ws, { recursive: true });
  await mkdir(join(ws, 'charts'), { recursive: true });
  await cp(CHART, join(ws, 'charts', 'enterprise'), { recursive: true });
  if (state) await writeFile(join(ws, STATE), state(await readFile(join(ws, STATE), 'utf8')));
  return ws;
}

/** Every file the tests read back, as text. */
async function snapshot(ws: string, files: string[]): Promise<string[]> {
  return Promise.all(files.map((file) => readFile(join(ws, file), 'utf8')));
}

async function publish(ws: string, inputs: Record<string, string> = {}) {
  const h = await helmEnv('helm3');
  const s = await sim({ export: quick });
  const run = await runPublish(s, {
    workspace: ws,
    env: h.env,
    inputs: { 'values-file': VALUES, ...inputs },
  });
  return { s, run, h };
}

describe.concurrent('helmfile', () => {
  it('a state file as values-file: refused before any request, naming the values files its releases list', async () => {
    const ws = await helmfileWorkspace();
    const before = await snapshot(ws, [STATE]);
    const { s, run } = await publish(ws, { 'values-file': STATE });
    expect(run.code).not.toBe(0);
    expect(run.stdout).toMatch(
      /deployments\/prod\/helmfile\.yaml.* is a helmfile state file: helmfile decodes it strictly.*Point values-file at the values file a release lists \(values\/prod\/enterprise\/values\.yaml\)/,
    );
    expect(s.requests).toHaveLength(0);
    expect(await snapshot(ws, [STATE])).toEqual(before);
  });

  it('a later values entry of the release that sets the link: refused before any request, naming it', async () => {
    const ws = await helmfileWorkspace((text) =>
      text.replace(
        /(- \.\.\/\.\.\/values\/prod\/enterprise\/values\.yaml.*\n)/,
        '$1    - ../../values/prod/enterprise/pinned.yaml\n',
      ),
    );
    await writeFile(
      join(ws, 'values/prod/enterprise/pinned.yaml'),
      'staticExport:\n  bundleUrl: https://old.example/site.tar.gz\n',
    );
    const files = [STATE, VALUES, 'values/prod/enterprise/pinned.yaml'];
    const before = await snapshot(ws, files);
    const { s, run } = await publish(ws);
    expect(run.code).not.toBe(0);
    expect(run.stdout).toMatch(
      /values\/prod\/enterprise\/values\.yaml \(helmfile deployments\/prod\/helmfile\.yaml, release prod-enterprise\): \S*pinned\.yaml sets staticExport\.bundleUrl after the values this run writes.*helmfile passes it after/,
    );
    expect(s.requests).toHaveLength(0);
    expect(await snapshot(ws, files)).toEqual(before);
  });

  it("a set entry on the block: refused before any request, naming the release's set entries", async () => {
    const ws = await helmfileWorkspace(
      (text) =>
        `${text.trimEnd()}\n    set:\n    - name: staticExport.enabled\n      value: false\n`,
    );
    const before = await snapshot(ws, [STATE, VALUES]);
    const { s, run } = await publish(ws);
    expect(run.code).not.toBe(0);
    expect(run.stdout).toMatch(
      /a set entry in deployments\/prod\/helmfile\.yaml, release prod-enterprise sets staticExport\.enabled after the values this run writes.*Remove that set entry from deployments/,
    );
    expect(s.requests).toHaveLength(0);
    expect(await snapshot(ws, [STATE, VALUES])).toEqual(before);
  });

  it('the values file a release lists last: rendered from its chart, written, and helmfile would hand the chart the link', async () => {
    const ws = await helmfileWorkspace(
      (text) => `${text.trimEnd()}\n    set:\n    - name: replicaCount\n      value: 3\n`,
    );
    const { run, h } = await publish(ws, { 'render-check': 'required' });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.outputs['render-check']).toBe('true');
    expect(run.stdout).toContain(
      'Render check: values/prod/enterprise/values.yaml (helmfile deployments/prod/helmfile.yaml, release prod-enterprise): the chart enterprise 1.4.0 (a folder of the checkout) renders the link',
    );
    // As helmfile template: the values entries in order, then the set entries.
    const rendered = await helmTemplate(h, join(ws, 'charts/enterprise'), [join(ws, VALUES)]);
    expect(renderedLink(rendered)).toBe(run.outputs['bundle-url']);
  });

  it("a release whose chart comes from the state file's repositories: pulled and rendered", async () => {
    const h = await helmEnv('helm3');
    const { url } = await startChartRepo(h);
    const ws = await helmfileWorkspace((text) =>
      `repositories:\n  - name: mintlify\n    url: ${url}\n${text}`.replace(
        'chart: ../../charts/enterprise/',
        'chart: mintlify/enterprise',
      ),
    );
    const { run } = await publish(ws, { 'render-check': 'required' });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.outputs['render-check']).toBe('true');
  });

  it('a release with secrets: the later layers this run can read are checked, the render skipped (a failure when required)', async () => {
    const ws = await helmfileWorkspace(
      (text) =>
        `${text.trimEnd()}\n    secrets:\n    - ../../values/prod/enterprise/secrets.yaml\n`,
    );
    const skipped = await publish(ws);
    expect(skipped.run.code, skipped.run.stdout).toBe(0);
    expect(skipped.run.outputs['render-check']).toBe('skipped');
    expect(skipped.run.stdout).toMatch(
      /passes secrets after its values, which only helmfile decrypts/,
    );
    const ws2 = await helmfileWorkspace(
      (text) =>
        `${text.trimEnd()}\n    secrets:\n    - ../../values/prod/enterprise/secrets.yaml\n`,
    );
    const required = await publish(ws2, { 'render-check': 'required' });
    expect(required.run.code).not.toBe(0);
    expect(required.s.requests).toHaveLength(0);
  });
});
