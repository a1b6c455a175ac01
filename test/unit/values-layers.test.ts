/**
 * Which values layer wins over what the run writes (enabled, bundleUrl, version at values-key),
 * read from the layers as helm merges them: later wins key by key, a null deletes.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { overridingLayer } from '../../src/helm/values-layers.js';
import type { ValuesLayer } from '../../src/controllers/helm.js';

const LINK = 'https://render-check.invalid/token/site.tar.gz';
const ours = (extra = '') => ({
  name: 'kustomization.yaml (helmCharts/docs)',
  yaml: `replicaCount: 2\nstaticExport:\n  enabled: true\n  bundleUrl: ${LINK}\n  version: v2\n${extra}`,
});
const layer = (name: string, yaml: string) => ({ name, yaml });
/** The layer that wins when `later` comes after the one this run writes. */
const after = (later: ValuesLayer) => overridingLayer([ours(), later], 'staticExport', LINK);

describe('the values layer that wins over what the run writes', () => {
  it('a later layer that sets version or enabled to something else wins, named with its key', async () => {
    expect(await after(layer('prod.yaml', 'staticExport: {version: "2026-01-01"}'))).toEqual({
      by: 'prod.yaml',
      key: 'staticExport.version',
      fix: undefined,
    });
    expect(await after(layer('prod.yaml', 'staticExport: {enabled: false}'))).toMatchObject({
      by: 'prod.yaml',
      key: 'staticExport.enabled',
    });
  });

  it('a later layer that sets the same values, or a sibling key, leaves them: none wins', async () => {
    const later = layer('prod.yaml', `staticExport: {enabled: true, title: Docs, version: v2}`);
    expect(await after(later)).toBeUndefined();
  });

  it('an earlier layer loses whatever it sets; the last of several later ones counts', async () => {
    const old = layer('base.yaml', 'staticExport: {bundleUrl: https://old.example/a.tgz}');
    expect(await overridingLayer([old, ours()], 'staticExport', LINK)).toBeUndefined();
    const back = layer('last.yaml', `staticExport: {bundleUrl: "${LINK}"}`);
    expect(await overridingLayer([ours(), old, back], 'staticExport', LINK)).toBeUndefined();
  });

  it('a null on the way, or a scalar where the block was, deletes the keys: it wins', async () => {
    for (const yaml of ['staticExport: null', 'staticExport: off', 'staticExport: {version: null}'])
      expect(await after(layer('prod.yaml', yaml)), yaml).toMatchObject({ by: 'prod.yaml' });
  });

  it('reads a later layer as helm does: merge keys (<<) apply, enabled: on is true', async () => {
    const merged = layer(
      'prod.yaml',
      'old: &old {bundleUrl: https://old.example/site.tar.gz}\nstaticExport:\n  <<: *old\n',
    );
    expect(await after(merged)).toMatchObject({
      by: 'prod.yaml',
      key: 'staticExport.bundleUrl',
    });
    for (const on of ['on', 'yes', 'Y', 'TRUE'])
      expect(await after(layer('p.yaml', `staticExport: {enabled: ${on}}`)), on).toBeUndefined();
    expect(await after(layer('p.yaml', 'staticExport: {enabled: off}'))).toMatchObject({
      key: 'staticExport.enabled',
    });
  });

  it('a merge key applies where it stands, as go-yaml reads it: one below a key wins over it', async () => {
    const above = layer(
      'prod.yaml',
      'old: &old {version: "2026-01-01"}\nstaticExport:\n  version: v2\n  <<: *old\n',
    );
    expect(await after(above)).toMatchObject({
      by: 'prod.yaml',
      key: 'staticExport.version',
    });
    const top = layer(
      'prod.yaml',
      'old: &old\n  staticExport: {version: "2026-01-01"}\nstaticExport: {version: v2}\n<<: *old\n',
    );
    expect(await after(top)).toMatchObject({
      key: 'staticExport.version',
    });
    // Below the merge key, the mapping's own key wins; of a list of sources, the first.
    const below = layer(
      'prod.yaml',
      'old: &old {version: "2026-01-01"}\nnew: &new {version: v2}\nstaticExport:\n  <<: [*new, *old]\n',
    );
    expect(await after(below)).toBeUndefined();
  });

  it('under a deeper values-key, only that path counts', async () => {
    const mine = layer(
      'values.yaml',
      `enterprise:\n  staticExport:\n    enabled: true\n    bundleUrl: ${LINK}\n`,
    );
    expect(
      await overridingLayer(
        [mine, layer('prod.yaml', 'staticExport: {enabled: false}')],
        'enterprise.staticExport',
        LINK,
      ),
    ).toBeUndefined();
    expect(
      await overridingLayer(
        [mine, layer('prod.yaml', 'enterprise: {staticExport: {enabled: false}}')],
        'enterprise.staticExport',
        LINK,
      ),
    ).toMatchObject({ key: 'enterprise.staticExport.enabled' });
  });

  it('a later layer this run cannot read wins over the whole block, with its own fix', async () => {
    const unread = {
      name: "chart enterprise's own values.yaml",
      unread: true as const,
      fix: 'Remove valuesMerge.',
    };
    expect(await after(unread)).toEqual({
      by: "chart enterprise's own values.yaml",
      key: 'staticExport',
      fix: 'Remove valuesMerge.',
    });
    expect(await overridingLayer([unread, ours()], 'staticExport', LINK)).toBeUndefined();
  });

  it('a file layer is read from disk and named by its path; a later one that cannot be read wins, with the reason', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'layers-'));
    onTestFinished(() => rm(dir, { recursive: true, force: true }));
    const file = join(dir, 'prod.yaml');
    await writeFile(file, 'staticExport:\n  bundleUrl: https://old.example/site.tar.gz\n');
    expect(await after({ file, fix: 'Fix it.' })).toEqual({
      by: relative(process.cwd(), file),
      key: 'staticExport.bundleUrl',
      fix: 'Fix it.',
    });
    const missing = join(dir, 'missing.yaml');
    expect(await after({ file: missing })).toEqual({
      by: `${relative(process.cwd(), missing)} (which this run could not read as helm does: it does not exist)`,
      key: 'staticExport',
      fix: 'Make it a single valid YAML document, or set render-check: off if you know it leaves these keys alone.',
      // It may win, not known to: `render-check: off` does not refuse it (publish/layers-off.ts).
      unreadable: true,
    });
    // Several documents: helm 3 reads the first, helm 4 merges them all.
    const two = layer('two.yaml', 'a: 1\n---\nstaticExport: {version: old}\n');
    expect(await after(two)).toMatchObject({
      by: 'two.yaml (which this run could not read as helm does: it holds 2 YAML documents (helm 3 reads the first, helm 4 merges them))',
    });
    // What Helm cannot read at all: a merge of a scalar, a null key, a NEL inside a line.
    for (const bad of ['x: &x 1\nstaticExport:\n  <<: *x\n', '~: 1\n', 'a: 1 # a\u2028b\n'])
      expect(await after(layer('bad.yaml', bad)), bad).toMatchObject({
        by: expect.stringMatching(
          /^bad\.yaml \(which this run could not read as helm does: /,
        ) as string,
      });
    // Bytes that are not UTF-8: helm and kustomize refuse the file.
    const latin = join(dir, 'latin.yaml');
    await writeFile(latin, Buffer.from('other: x\xff\xfey\n', 'latin1'));
    expect(await after({ file: latin })).toMatchObject({
      by: `${relative(process.cwd(), latin)} (which this run could not read as helm does: it is not valid UTF-8)`,
    });
    // An empty or null first document: helm 3 reads it (nothing), helm 4 merges the next one in.
    for (const first of ['---\n---\n', '~\n---\n'])
      expect(
        await after(layer('first.yaml', `${first}staticExport: {version: old}\n`)),
        first,
      ).toMatchObject({
        by: 'first.yaml (which this run could not read as helm does: it holds 2 YAML documents (helm 3 reads the first, helm 4 merges them))',
      });
    // A null document adds nothing; a NEL followed only by a comment breaks no line that matters.
    for (const fine of ['a: 1\n---\n~\n', 'a: 1\u0085  # c\n'])
      expect(await after(layer('fine.yaml', fine)), fine).toBeUndefined();
    // A file ending in --- is one document, for helm too; a NEL at the end of a line is fine.
    const ends = layer('ends.yaml', '---\nstaticExport:\n  tag: x # y\u0085\n---\n');
    expect(await after(ends)).toBeUndefined();
    // The link only in a layer this run cannot read: that layer may be the one that holds it, so
    // it is named as unchecked, not as winning.
    const only = layer('only.yaml', `a: 1\n---\nstaticExport: {bundleUrl: ${LINK}}\n`);
    expect(await overridingLayer([only], 'staticExport', LINK)).toEqual({
      by: 'only.yaml',
      key: 'staticExport',
      fix: 'Make each a single valid YAML document, so that this run can read it as helm does, or set render-check: off if you know the chart gets the link there.',
      unchecked: 'it holds 2 YAML documents (helm 3 reads the first, helm 4 merges them)',
    });
    // Several such layers: all are named, each with its reason.
    expect(
      await overridingLayer([only, layer('bad.yaml', '~: 1\n')], 'staticExport', LINK),
    ).toMatchObject({
      by: 'only.yaml, bad.yaml',
      unchecked: expect.stringMatching(
        /^only\.yaml: it holds 2 YAML documents .*; bad\.yaml: /,
      ) as string,
    });
    // Before the link's layer, it cannot win; a duplicate key reads as go-yaml reads it (last wins).
    expect(await overridingLayer([two, ours()], 'staticExport', LINK)).toBeUndefined();
    const dup = layer(
      'dup.yaml',
      'replicaCount: 1\nreplicaCount: 2\nstaticExport: {version: old}\n',
    );
    expect(await after(dup)).toMatchObject({
      key: 'staticExport.version',
    });
  });
});
