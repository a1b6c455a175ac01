/**
 * helmfile releases that take their chart and values from a `templates:` entry, through
 * `inherit:` (in a `.gotmpl` state file whose only template actions are the release templating
 * escapes) and through a YAML anchor (`<<: *default`), with `{{ .Release.Name }}` and
 * `{{ .Environment.Name }}` expanded in their paths (test/fixtures/helmfile-templates, from
 * helmfile's docs/writing-helmfile.md). The layers helmfile passes after the values file, in its
 * order (values entries, secrets, set, setString), are checked: one that sets the link is refused
 * before any request, named, every file byte for byte. A `.gotmpl` with other template actions is
 * out of reach for that reason, never "no chart in reach". Each success is rendered with
 * `helm template` in helmfile's order.
 */
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { errorLine, newWorkspace, runPublish } from '../helpers/action.js';
import { filesOf } from '../helpers/cluster.js';
import { renderedLink } from '../helpers/gitops.js';
import { CHART, helmEnv, helmTemplate } from '../helpers/helm.js';
import { sim } from '../helpers/sim.js';

const FIXTURE = fileURLToPath(new URL('../fixtures/helmfile-templates', import.meta.url));
const quick = { queuedMs: 50, runningMs: 300, pageCount: 3 };
const TARGET = { 'values-file': 'config/enterprise/values.yaml' };
const PIN = 'staticExport:\n  bundleUrl: https://old.example.com/site.tar.gz\n';

/** One layout of the fixture with the test chart at charts/enterprise; `edit` changes its state file. */
async function layout(
  name: 'inherit' | 'anchors',
  edit?: (text: string) => string,
): Promise<string> {
  const ws = await newWorkspace();
  await cp(join(FIXTURE, name), ws, { recursive: true });
  await mkdir(join(ws, 'charts'), { recursive: true });
  await cp(CHART, join(ws, 'charts', 'enterprise'), { recursive: true });
  const state = join(ws, name === 'inherit' ? 'helmfile.yaml.gotmpl' : 'helmfile.yaml');
  if (edit) {
    const text = await readFile(state, 'utf8');
    const edited = edit(text);
    expect(edited).not.toBe(text);
    await writeFile(state, edited);
  }
  return ws;
}

async function publish(ws: string, inputs: Record<string, string> = {}) {
  const h = await helmEnv('helm3');
  const s = await sim({ export: quick });
  const run = await runPublish(s, { workspace: ws, env: h.env, inputs: { ...TARGET, ...inputs } });
  return { s, run, h };
}

/** Exit 1, no request, every file as it was; the error line. */
async function refused(ws: string, inputs: Record<string, string> = {}): Promise<string> {
  const before = await filesOf(ws);
  const { s, run } = await publish(ws, inputs);
  expect(run.code, run.stdout).toBe(1);
  expect(s.requests).toHaveLength(0);
  expect(await filesOf(ws)).toEqual(before);
  return errorLine(run.stdout);
}

describe.concurrent('a release inheriting a template (inherit:, .gotmpl)', () => {
  it('its values paths expanded for the release and the environment: rendered in helmfile order', async () => {
    const ws = await layout('inherit');
    const { run, h } = await publish(ws, { 'render-check': 'required' });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.outputs['render-check']).toBe('true');
    expect(run.stdout).toContain(
      'Render check: config/enterprise/values.yaml (helmfile helmfile.yaml.gotmpl, release enterprise (environment production)): the chart enterprise 1.4.0',
    );
    const rendered = await helmTemplate(h, join(ws, 'charts/enterprise'), [
      join(ws, 'config/enterprise/values.yaml'),
      join(ws, 'config/enterprise/production.yaml'),
    ]);
    expect(renderedLink(rendered)).toBe(run.outputs['bundle-url']);
  });

  it('the environment file, passed after it, sets the link: refused, naming it and the release', async () => {
    const ws = await layout('inherit');
    await writeFile(join(ws, 'config/enterprise/production.yaml'), `replicaCount: 2\n${PIN}`);
    const error = await refused(ws);
    expect(error).toMatch(
      /config\/enterprise\/values\.yaml \(helmfile helmfile\.yaml\.gotmpl, release enterprise \(environment production\)\): \S*config\/enterprise\/production\.yaml sets staticExport\.bundleUrl after the values this run writes/,
    );
  });

  it("the release's own values replace the template's (helmfile does not layer them): the pinning file is not passed", async () => {
    const ws = await layout('inherit', (t) =>
      t.replace(
        '  version: 1.4.0\n',
        '  version: 1.4.0\n  values:\n  - config/enterprise/values.yaml\n',
      ),
    );
    await writeFile(join(ws, 'config/enterprise/production.yaml'), PIN);
    const { run } = await publish(ws, { 'render-check': 'required' });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.outputs['render-check']).toBe('true');
  });

  it('a .gotmpl with a template action beyond release templating: out of reach for that, named (required refuses)', async () => {
    const gotmpl = (t: string) =>
      t.replace('  version: 1.4.0\n', '  version: {{ .Values.version }}\n');
    const auto = await publish(await layout('inherit', gotmpl));
    expect(auto.run.code, auto.run.stdout).toBe(0);
    expect(auto.run.outputs['render-check']).toBe('skipped');
    expect(auto.run.stdout).toContain(
      'helmfile.yaml.gotmpl is a helmfile state template (.gotmpl) with {{ .Values.version }}, which only helmfile renders',
    );
    expect(auto.run.stdout).not.toContain('no chart in reach');
    const error = await refused(await layout('inherit', gotmpl), { 'render-check': 'required' });
    expect(error).toContain('render-check is required');
    expect(error).toContain('{{ .Values.version }}, which only helmfile renders');
  });
});

describe.concurrent('a release taking a template through a YAML anchor (<<: *default)', () => {
  it("the template's set entry leaves the link alone: rendered with it", async () => {
    const ws = await layout('anchors');
    const { run, h } = await publish(ws, { 'render-check': 'required' });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.outputs['render-check']).toBe('true');
    const rendered = await helmTemplate(h, join(ws, 'charts/enterprise'), [
      join(ws, 'config/enterprise/values.yaml'),
    ]);
    expect(renderedLink(rendered)).toBe(run.outputs['bundle-url']);
  });

  it("the template's set entry on the link: refused, naming the set entry", async () => {
    const ws = await layout('anchors', (t) =>
      t.replace(
        '    - name: replicaCount\n      value: 2\n',
        '    - name: staticExport.bundleUrl\n      value: https://old.example.com/site.tar.gz\n',
      ),
    );
    const error = await refused(ws);
    expect(error).toContain(
      'a set entry in helmfile.yaml, release enterprise sets staticExport.bundleUrl after the values this run writes',
    );
  });

  it('a setString entry of the release, written beside the merge key, on the link: refused, naming the setString entry', async () => {
    const ws = await layout('anchors', (t) =>
      t.replace(
        '  <<: *default\n',
        '  <<: *default\n  setString:\n  - name: staticExport.enabled\n    value: "false"\n',
      ),
    );
    const error = await refused(ws);
    expect(error).toContain(
      'a setString entry in helmfile.yaml, release enterprise sets staticExport.enabled after the values this run writes',
    );
  });

  it("a later values entry written in the release replaces the template's list: that entry is named", async () => {
    const ws = await layout('anchors', (t) =>
      t.replace(
        '  <<: *default\n',
        '  <<: *default\n  values:\n  - config/{{ .Release.Name }}/values.yaml\n  - config/{{ .Release.Name }}/pinned.yaml\n',
      ),
    );
    await writeFile(join(ws, 'config/enterprise/pinned.yaml'), PIN);
    const error = await refused(ws);
    expect(error).toMatch(
      /\S*config\/enterprise\/pinned\.yaml sets staticExport\.bundleUrl after the values this run writes/,
    );
  });
});
