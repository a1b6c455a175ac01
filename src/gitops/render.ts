/**
 * One chart rendered for the proof: the render check's own step (helm/render-check.ts) with the
 * run's tools, so the proof and the render check judge a chart alike. No helm-args: they belong
 * to the run's own `helm upgrade`, not to what a controller renders.
 */
import { posix } from 'node:path';
import { checkTarget, type RenderOutcome } from '../helm/render-check.js';
import type { RenderTarget } from '../helm/render-target.js';
import type { ProofRecord, ProofTools } from './types.js';

/** A checkout file as a render target's `at` (absolute): what places the release in a cluster. */
export const placedAt = (root: string, file: string): string => posix.join(root, file);

export function renderForProof(tools: ProofTools, target: RenderTarget): Promise<RenderOutcome> {
  return checkTarget(target, {
    helm: tools.helm,
    helmArgs: [],
    signal: tools.signal,
    redact: tools.redact,
    placeholder: tools.placeholder,
    charts: tools.charts,
    ...(tools.helms ? { helms: tools.helms } : {}),
  });
}

/**
 * A record at the rendered level, with the helm majors that rendered it and those the controller
 * may use that did not (helm/render-majors.ts).
 */
export function renderedRecord<R extends Omit<ProofRecord, 'level' | 'reason'>>(
  record: R,
  outcome: Extract<RenderOutcome, { kind: 'found' }>,
): ProofRecord {
  const majors = outcome.helm;
  return {
    ...record,
    level: 'rendered',
    ...(majors ? { helm: majors.rendered } : {}),
    ...(majors && majors.unrendered.length > 0 ? { helmUnrendered: majors.unrendered } : {}),
    ...(majors?.pinnedBy ? { helmPinnedBy: majors.pinnedBy } : {}),
  };
}

/**
 * A reader the proof could not render: at the values level, or `skipped` when it has
 * postRenderers, which were not applied either, so what they do to the link is unknown.
 */
export function unrenderedRecord<R extends Omit<ProofRecord, 'level' | 'reason'>>(
  record: R,
  postRenderers: boolean,
  why: string,
): ProofRecord {
  return postRenderers
    ? {
        ...record,
        level: 'skipped',
        reason: `${why}, so its spec.postRenderers were not applied: what they do to the link is unknown`,
      }
    : { ...record, level: 'values', reason: why };
}
