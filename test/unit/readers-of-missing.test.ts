import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  nearMisses,
  readerOfMissing,
  refuseUnreadNewFile,
  type Checkout,
} from '../../src/values/readers-of-missing.js';

/** A checkout with these files (relative path: text), as the run lists and reads them. */
function checkout(files: Record<string, string>): Checkout {
  const root = mkdtempSync(join(tmpdir(), 'readers-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), text);
  }
  return {
    root,
    files: Object.keys(files).sort(),
    read: async (name) => readFileSync(join(root, name), 'utf8'),
  };
}

describe('what reads a missing values file', () => {
  it('a Chart.yaml beside it', async () => {
    const c = checkout({
      'charts/docs/Chart.yaml': 'apiVersion: v2\nname: docs\nversion: 1.0.0\n',
    });
    expect(await readerOfMissing(join(c.root, 'charts/docs/values.yaml'), c)).toBe(
      'the chart beside it (charts/docs/Chart.yaml)',
    );
    expect(await readerOfMissing(join(c.root, 'values.yaml'), c)).toBeUndefined();
  });

  it("an Argo CD Application's helm.valueFiles, from the source's path or a $ref", async () => {
    const app = [
      'apiVersion: argoproj.io/v1alpha1',
      'kind: Application',
      'metadata: { name: docs }',
      'spec:',
      '  sources:',
      '    - repoURL: https://github.com/example/docs-deploy',
      '      path: charts/platform',
      '      helm:',
      '        valueFiles: [values-prod.yaml, $values/envs/prod/docs.yaml]',
      '    - repoURL: https://github.com/example/docs-deploy',
      '      ref: values',
    ].join('\n');
    const c = checkout({ 'apps/docs.yaml': app });
    expect(await readerOfMissing(join(c.root, 'charts/platform/values-prod.yaml'), c)).toBe(
      'Application docs in apps/docs.yaml (helm.valueFiles)',
    );
    expect(await readerOfMissing(join(c.root, 'envs/prod/docs.yaml'), c)).toBe(
      'Application docs in apps/docs.yaml (helm.valueFiles)',
    );
    expect(await readerOfMissing(join(c.root, 'apps/values-prod.yaml'), c)).toBeUndefined();
  });

  it("a helmfile release's values, from the state file's folder", async () => {
    const c = checkout({
      'deploy/helmfile.yaml':
        'releases:\n  - name: docs\n    chart: mintlify/enterprise\n    values:\n      - values/docs.yaml\n',
    });
    expect(await readerOfMissing(join(c.root, 'deploy/values/docs.yaml'), c)).toBe(
      'a helmfile release in deploy/helmfile.yaml',
    );
    expect(await readerOfMissing(join(c.root, 'values/docs.yaml'), c)).toBeUndefined();
  });

  it('a kustomize generator or a helmCharts valuesFile', async () => {
    const c = checkout({
      'base/kustomization.yaml':
        'configMapGenerator:\n  - name: docs-values\n    files:\n      - values.yaml=docs-values.yaml\n',
      'chart/kustomization.yaml':
        'helmCharts:\n  - name: enterprise\n    valuesFile: docs.yaml\n    additionalValuesFiles: [extra.yaml]\n',
    });
    expect(await readerOfMissing(join(c.root, 'base/docs-values.yaml'), c)).toBe(
      'a kustomize generator in base/kustomization.yaml',
    );
    expect(await readerOfMissing(join(c.root, 'chart/extra.yaml'), c)).toBe(
      'a kustomize generator in chart/kustomization.yaml',
    );
    expect(await readerOfMissing(join(c.root, 'base/values.yaml'), c)).toBeUndefined();
  });
});

describe('refusing a new file nothing reads', () => {
  it('names the near misses: another extension, another case', async () => {
    const c = checkout({
      'charts/docs/values.yaml': 'a: 1\n',
      'charts/docs/Values.yml': 'a: 1\n',
      'charts/docs/values-prod.yaml': 'a: 1\n',
    });
    expect(
      await nearMisses(join(c.root, 'charts/docs/values.yml'), 'charts/docs/values.yml'),
    ).toEqual(['charts/docs/Values.yml', 'charts/docs/values.yaml']);
    await expect(
      refuseUnreadNewFile(join(c.root, 'charts/docs/VALUES.YAML'), 'charts/docs/VALUES.YAML', c),
    ).rejects.toThrow(
      /^values-file "charts\/docs\/VALUES\.YAML" does not exist, and nothing would read it if this run created it: .* "charts\/docs\/Values\.yml" and "charts\/docs\/values\.yaml" exist beside it: set values-file to the one .* Nothing was sent; no file was created\.$/,
    );
  });

  it('without a near miss, says what to set; with a reader, says which', async () => {
    const c = checkout({ 'charts/docs/Chart.yaml': 'name: docs\n', 'other/a.txt': '' });
    await expect(
      refuseUnreadNewFile(join(c.root, 'other/values.yaml'), 'other/values.yaml', c),
    ).rejects.toThrow(/Set values-file to the file your chart or controller reads\./);
    expect(
      await refuseUnreadNewFile(
        join(c.root, 'charts/docs/values.yaml'),
        'charts/docs/values.yaml',
        c,
      ),
    ).toBe('the chart beside it (charts/docs/Chart.yaml)');
  });
});
