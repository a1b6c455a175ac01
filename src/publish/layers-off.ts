/**
 * `render-check: off` turns off the render, not the layers: a later values layer that sets the
 * link needs no chart to be seen (an Argo CD Application's helm.parameters over a chart folder's
 * values.yaml, a later valueFiles entry, a HelmRelease's spec.values over it, a helmfile `set`).
 * So each place the run writes is checked by its values layers alone, and the readers the proof
 * finds from the file up (gitops/) are walked without helm: no chart is fetched or rendered, and
 * no `proof` is reported (the render-check output stays empty). Entry points are still built
 * with kubectl where it is on PATH (a Flux overlay's patch is a layer too; without kubectl their
 * releases are read as written), but a build that fails refuses nothing here. A layer this run
 * cannot read is not refused: turning the check off is the fix its message gives. The children
 * of an app of apps exist only once its chart (of this checkout, never fetched) is rendered: that
 * chart alone is rendered, with helm where it is on PATH, so that their layers are seen too;
 * without helm (or where it fails) the log says which parent's children were not looked at.
 */
import { checkTarget, placeholderLink, type RenderOutcome } from '../helm/render-check.js';
import type { RenderTarget } from '../helm/render-target.js';
import type { RunContext } from './job.js';
import { findOnPath } from '../shared/which.js';
import { plannedText } from './planned.js';
import { notRead } from './render-words.js';

/** `targetsOf`: the render check's targets (render.ts renderTargets), planned with `link`. */
export async function checkLayersOff(
  run: RunContext,
  texts: ReadonlyMap<string, string>,
  targetsOf: (link: string) => Promise<RenderTarget[]>,
): Promise<undefined> {
  const { inputs } = run;
  run.reporter.info(
    'render-check is off: nothing proves the chart reads the link at values-key (a later values layer that wins is still refused).',
  );
  const placeholder = placeholderLink();
  const wins: RenderOutcome[] = [];
  for (const target of await targetsOf(placeholder.link)) {
    // No helm: checkTarget decides by the layers, then says it could not render (ignored).
    const outcome = await checkTarget(target, {
      helm: undefined,
      helmArgs: inputs.helm?.extraArgs ?? [],
      signal: run.signal,
      redact: run.redactor.redact,
      placeholder,
    });
    if (outcome.kind === 'overridden' && !outcome.unchecked && !outcome.unreadable)
      wins.push(outcome);
  }
  if (wins.length > 0) throw notRead(inputs, wins);
  const { proveThroughCluster } = await import('./proof.js');
  await proveThroughCluster(
    run,
    (file, link) => plannedText(inputs, file, texts.get(file.path) ?? '', link),
    { helm: undefined, placeholder, layersOnly: true, parentsHelm: await findOnPath('helm') },
  );
  return undefined;
}
