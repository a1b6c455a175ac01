import { describe, expect, it } from 'vitest';
import {
  parseHelmVersion,
  parseRelease,
  stuckAdvice,
  upgradeArgs,
  type HelmRollout,
} from '../../src/helm/helm.js';
import { displayCommand } from '../../src/helm/rollout.js';
import { parsePublishInputs } from '../../src/publish/inputs.js';
import { actionYaml } from '../helpers/action.js';

const v3 = parseHelmVersion('v3.17.3')!;
const v4 = parseHelmVersion('v4.2.3')!;
const spec: HelmRollout = {
  release: 'docs',
  chart: 'mintlify/enterprise',
  namespace: 'docs-prod',
  chartVersion: '1.4.0',
  rollbackOnFailure: true,
  timeoutMs: 300_000,
  extraArgs: ['--values=charts/docs/values-prod.yaml', '--set', 'image.tag=$(whoami); echo `id`'],
};

describe('upgradeArgs maps one set of inputs to each major', () => {
  it('Helm 3', () => {
    expect(upgradeArgs(v3, spec, ['/ws/values.yaml'], { dryRun: false })).toEqual([
      'upgrade',
      '--install',
      'docs',
      'mintlify/enterprise',
      '--namespace',
      'docs-prod',
      '--create-namespace',
      '--version',
      '1.4.0',
      '--atomic',
      '--timeout',
      '5m',
      '--output',
      'json',
      '--values=charts/docs/values-prod.yaml',
      '--set',
      'image.tag=$(whoami); echo `id`',
      '--values',
      '/ws/values.yaml',
    ]);
  });

  it('Helm 4', () => {
    expect(upgradeArgs(v4, spec, ['/ws/values.yaml'], { dryRun: true })).toEqual([
      'upgrade',
      '--install',
      'docs',
      'mintlify/enterprise',
      '--namespace',
      'docs-prod',
      '--create-namespace',
      '--version',
      '1.4.0',
      '--rollback-on-failure',
      '--timeout',
      '5m',
      '--dry-run=server',
      '--output',
      'json',
      '--values=charts/docs/values-prod.yaml',
      '--set',
      'image.tag=$(whoami); echo `id`',
      '--values',
      '/ws/values.yaml',
    ]);
  });

  it('the minimal form, and an old Helm 3 dry run', () => {
    const minimal: HelmRollout = {
      release: 'docs',
      chart: './chart',
      namespace: undefined,
      chartVersion: undefined,
      rollbackOnFailure: false,
      timeoutMs: 90_000,
      extraArgs: [],
    };
    expect(upgradeArgs(v3, minimal, ['v.yaml'], { dryRun: false })).toEqual([
      'upgrade',
      '--install',
      'docs',
      './chart',
      '--timeout',
      '90s',
      '--output',
      'json',
      '--values',
      'v.yaml',
    ]);
    expect(
      upgradeArgs(parseHelmVersion('v3.12.0')!, minimal, ['v.yaml'], { dryRun: true }),
    ).toContain('--dry-run');
  });

  it('the values file is always last, after helm-args', () => {
    for (const v of [v3, v4]) {
      const args = upgradeArgs(v, spec, ['/ws/values.yaml'], { dryRun: false });
      expect(args.slice(-2)).toEqual(['--values', '/ws/values.yaml']);
    }
  });

  it('several values files come last, in the order given', () => {
    const files = ['/ws/values.yaml', '/ws/env/production.yaml', '/ws/values-extra.yaml'];
    for (const v of [v3, v4]) {
      const args = upgradeArgs(v, spec, files, { dryRun: false });
      expect(args.slice(-6)).toEqual(files.flatMap((file) => ['--values', file]));
      expect(args.indexOf('--values=charts/docs/values-prod.yaml')).toBeLessThan(args.length - 6);
    }
  });
});

describe('helm output', () => {
  it('reads versions', () => {
    expect(parseHelmVersion('v3.17.3')).toEqual({ version: 'v3.17.3', major: 3, minor: 17 });
    expect(parseHelmVersion('v4.2.3+gabcdef')).toEqual({ version: 'v4.2.3', major: 4, minor: 2 });
    expect(parseHelmVersion('Client: &version.Version{SemVer:"v2.17.0"}')).toBeUndefined();
  });

  it('reads a release', () => {
    const json = JSON.stringify({
      name: 'docs',
      namespace: 'docs',
      version: 5,
      info: { status: 'deployed', notes: 'hi\n' },
      chart: { metadata: { name: 'enterprise', version: '1.4.0' } },
      config: { secret: 'x' },
    });
    expect(parseRelease(json)).toEqual({
      name: 'docs',
      namespace: 'docs',
      revision: 5,
      status: 'deployed',
      notes: 'hi\n',
      chart: 'enterprise-1.4.0',
    });
    expect(parseRelease('not json')).toBeUndefined();
    expect(parseRelease('{"name": 1}')).toBeUndefined();
  });

  it('advises how to recover a stuck release', () => {
    expect(stuckAdvice(spec, 'pending-upgrade', 4, 3)).toMatch(
      /stuck in pending-upgrade at revision 4.*helm rollback docs 3 --namespace docs-prod/,
    );
    expect(stuckAdvice(spec, 'pending-install', 1, undefined)).toMatch(
      /helm uninstall docs --namespace docs-prod/,
    );
  });

  it('shows the command as it would be typed, quoting what a shell would not take literally', () => {
    expect(displayCommand(['upgrade', '--install', 'docs', './c', '--set', 'a=$(x) `y`'])).toBe(
      "helm upgrade --install docs ./c --set 'a=$(x) `y`'",
    );
  });
});

describe('helm inputs', () => {
  const declared = actionYaml().inputs;
  const read = (given: Record<string, string>) => (name: string) =>
    given[name] ?? declared[name]!.default ?? '';
  const base = { 'api-key': 'mint_x', domain: 'docs.example.com', 'values-file': 'values.yaml' };

  it('no helm-release: no rollout, and set helm inputs are pointed out', () => {
    const parsed = parsePublishInputs(read({ ...base, 'helm-namespace': 'docs' }), '/ws');
    expect(parsed.inputs.helm).toBeUndefined();
    expect(parsed.warnings.join()).toMatch(
      /helm-namespace is ignored because helm-release is empty/,
    );
    expect(parsePublishInputs(read(base), '/ws').warnings).toEqual([]);
  });

  it('reads a rollout, with helm-args as literal argv lines', () => {
    const { inputs } = parsePublishInputs(
      read({
        ...base,
        'helm-release': 'docs',
        'helm-namespace': 'docs',
        'helm-timeout': '300',
        'helm-rollback-on-failure': 'true',
        'helm-args': '  --set\n  image.tag=1; rm -rf / | cat && $(id)\n\n--values=prod.yaml\n',
      }),
      '/ws',
    );
    expect(inputs.helm).toEqual({
      release: 'docs',
      chart: 'mintlify/enterprise',
      namespace: 'docs',
      chartVersion: undefined,
      rollbackOnFailure: true,
      timeoutMs: 300_000,
      extraArgs: ['--set', 'image.tag=1; rm -rf / | cat && $(id)', '--values=prod.yaml'],
    });
  });

  it.each([
    [
      { 'helm-release': 'Docs_Prod' },
      /Input "helm-release" \("Docs_Prod"\) is not a valid Helm release name/,
    ],
    [{ 'helm-release': 'a'.repeat(54) }, /is not a valid Helm release name/],
    [
      { 'helm-release': 'docs', 'helm-namespace': 'Prod' },
      /Input "helm-namespace" \("Prod"\) is not a valid namespace name/,
    ],
    [
      { 'helm-release': 'docs', 'helm-timeout': 'soon' },
      /Input "helm-timeout" \("soon"\) is not a duration/,
    ],
    [
      { 'helm-release': 'docs', 'helm-args': '--output=yaml' },
      /Input "helm-args" line 1 sets --output, which this action manages/,
    ],
    [
      { 'helm-release': 'docs', 'helm-args': '--wait\n-oyaml' },
      /Input "helm-args" line 2 sets -o, which this action manages/,
    ],
    [{ 'helm-release': 'docs', 'helm-args': '--dry-run' }, /Use the dry-run input instead/],
    [
      { version: 'v2\ufffe' },
      /Input "version" contains a line break, a tab or a character YAML does not allow/,
    ],
    [
      { version: 'v\t2' },
      /Input "version" contains a line break, a tab or a character YAML does not allow/,
    ],
    [{ version: 'v2\nx' }, /Input "version" contains a line break, a tab or a character YAML/],
    [
      { 'helm-release': 'docs', 'helm-rollback-on-failure': 'on' },
      /Input "helm-rollback-on-failure" \("on"\) is not a boolean/,
    ],
    [
      { 'helm-release': 'docs', 'helm-chart': '--set x=1' },
      /Input "helm-chart" .* is not a chart reference/,
    ],
  ])('refuses %j', (given, message) => {
    expect(() => parsePublishInputs(read({ ...base, ...given }), '/ws')).toThrow(message);
  });
});
