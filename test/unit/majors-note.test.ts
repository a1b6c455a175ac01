/**
 * The notice of a helm major the runner could not render, from the proof's records: a record
 * rendered under a pin names the file that pins it, and a record reads in the render check's words.
 */
import { describe, expect, it } from 'vitest';
import { describeRecord, type ProofRecord } from '../../src/gitops/types.js';
import { majorsNote } from '../../src/publish/render-words.js';

const pinnedBy =
  'clusters/a/gotk.yaml: helm-controller v1.4; clusters/b/gotk.yaml: helm-controller v1.5';
const record: ProofRecord = {
  target: 'apps/docs/values.yaml',
  reader: 'HelmRelease/docs/docs',
  entry: 'Kustomization/flux-system/apps',
  level: 'rendered',
  helm: [3],
  helmUnrendered: [4],
  helmPinnedBy: pinnedBy,
};

describe('a proof record rendered under a pin, with a pinned major this runner lacks', () => {
  it('the notice names the file that pins it, not "the checkout does not say"', () => {
    const note = majorsNote([], [record]);
    expect(note?.text).toContain(`${pinnedBy} says the controller renders with Helm 4`);
    expect(note?.text).not.toContain('does not say');
    expect(note?.step).toContain('version: v4.2.3');
  });

  it('without a pin, the notice says the checkout does not say which', () => {
    const unpinned: ProofRecord = { ...record, helmPinnedBy: undefined };
    expect(majorsNote([], [unpinned])?.text).toContain('the checkout does not say which helm');
  });

  it('a helm of unknown major rendered alone: said so, not "with Helm "', () => {
    const unknown: ProofRecord = { ...record, helm: [], helmUnrendered: [3, 4] };
    expect(describeRecord(unknown)).toBe(
      'apps/docs/values.yaml through Kustomization/flux-system/apps, read by HelmRelease/docs/docs: the chart renders the link with the helm on PATH, whose major could not be read (so Helm 3 and 4 not proven)',
    );
  });

  it('reads as the render check says it', () => {
    expect(describeRecord(record)).toBe(
      'apps/docs/values.yaml through Kustomization/flux-system/apps, read by HelmRelease/docs/docs: the chart renders the link with Helm 3 (not Helm 4, which this runner does not have)',
    );
  });
});
