/**
 * One chart rendered for the proof: the render check's own step (helm/render-check.ts) with the
 * run's tools, so the proof and the render check judge a chart alike. No helm-args: they belong
 * to the run's own `helm upgrade`, not to what a controller renders.
 */
import { checkTarget, type RenderOutcome } from '../helm/render-check.js';
import type { RenderTarget } from '../helm/render-target.js';
import type { ProofTools } from './types.js';

export function renderForProof(tools: ProofTools, target: RenderTarget): Promise<RenderOutcome> {
  return checkTarget(target, {
    helm: tools.helm,
    helmArgs: [],
    signal: tools.signal,
    redact: tools.redact,
    placeholder: tools.placeholder,
    charts: tools.charts,
  });
}
