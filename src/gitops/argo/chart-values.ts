/**
 * A chart folder's own values.yaml, read by an Argo CD Application whose path source is that
 * folder: helm takes it as the chart's defaults, whatever the source's valueFiles list (an
 * Application that lists it explicitly is proven where its valueFiles are, prove-argo.ts). Argo CD
 * then passes every valueFiles entry, `values` or `valuesObject`, and last its parameters and
 * fileParameters (`--set`, `--set-file`): each of those that sets the link wins over the file,
 * and is refused before any request, naming the Application's file and the layer. Otherwise the
 * chart is rendered with them, as Argo CD renders it.
 */
import { posix } from 'node:path';
import type { ValuesLayer } from '../../controllers/helm.js';
import { overridingLayer } from '../../helm/values-layers.js';
import { argoRelease, parametersOn } from '../../controllers/argo-cd.js';
import { isObject } from '../../values/site.js';
import { argoHeldBack, markHeldBack } from '../applies.js';
import { entryFile, entryLabel, type ArgoEntry } from '../discover.js';
import { chartOf } from '../flux-chart.js';
import { argoLayers } from '../../controllers/argo-cd.js';
import { sourceList, sourcesOf } from '../prove-argo.js';
import {
  laterWins,
  targetName,
  type ProofContext,
  type ProofRecord,
  type ProofTarget,
} from '../types.js';
import { pathChart } from './app-of-apps.js';
import { placedAt, renderForProof, renderedRecord } from '../render.js';

/** Whether `target` is the values.yaml of a chart folder (helm's defaults file). */
export const isChartValues = (target: ProofTarget): boolean =>
  !target.chosen && /(^|\/)values\.yaml$/.test(target.file);

/**
 * Proves `target` (a chart's values.yaml) through each path source of `app` at its folder; false
 * when none reads it.
 */
export async function proveArgoChartValues(
  ctx: ProofContext,
  app: ArgoEntry,
  target: ProofTarget,
): Promise<boolean> {
  const { checkout, tools } = ctx;
  const folder = posix.dirname(target.file) === '.' ? '' : posix.dirname(target.file);
  const key = tools.valuesKey.join('.');
  const own = `Application/${app.name} (${app.from})`;
  let read = false;
  for (const source of sourceList(app.spec)) {
    if (pathChart(source, checkout, ctx.repository) !== folder) continue;
    const one = sourcesOf(checkout, app, ctx.repository).find((s) => s.source === source);
    // Listed among its valueFiles: proven there, in that order (prove-argo.ts).
    if (one?.files.some((f) => !f.elsewhere && f.paths.includes(target.file))) continue;
    read = true;
    const helm = one?.helm ?? {};
    const record = {
      target: targetName(target),
      reader: `Application/${app.namespace}/${app.name}`,
      entry: entryLabel(app),
    };
    // The source must take this commit (its targetRevision), as for the Application's own files.
    const held = ctx.landing && argoHeldBack(source, own, ctx.landing, app.generatedBy);
    if (held) {
      ctx.records.push(markHeldBack({ ...record, level: 'skipped', reason: held }));
      continue;
    }
    const refuse = (text: string, by: string) => {
      ctx.refusals.push(text);
      ctx.records.push({ ...record, level: 'values', reason: `refused: ${by} wins` });
    };
    const later = one?.files.find((f) => f.elsewhere);
    if (later) {
      ctx.records.push({
        ...record,
        level: 'skipped',
        reason: `its valueFiles entry ${later.entry} is read from ${later.elsewhere}, another repository: what it sets over ${target.display} is unknown`,
      });
      continue;
    }
    const hits = parametersOn(helm, tools.valuesKey);
    if (hits) {
      const by = one?.setBy.get(hits.list) ?? one?.setBy.get('helm');
      refuse(
        `${own} renders the chart ${folder || '.'} with its own values.yaml (${target.display}) as the defaults, and ${by ? `${by}, Argo CD's override file beside that chart, sets` : 'sets'} helm.${hits.list} ${hits.names.join(', ')}, which Argo CD passes after every values file, over the link written there. Remove ${hits.names.length > 1 ? 'those parameters' : 'that parameter'} from ${by ?? app.from.split(',')[0]}: they win over every values source, so no link written elsewhere reaches the chart while they are set.`,
        `helm.${hits.list} of ${own}`,
      );
      continue;
    }
    const files: ValuesLayer[] = (one?.files ?? []).flatMap((f) =>
      f.paths.map((path) => {
        const text = checkout.read(path);
        return text === undefined
          ? { file: posix.join(checkout.root, path) }
          : { name: `${path} (helm.valueFiles of ${own})`, yaml: text };
      }),
    );
    const layers: ValuesLayer[] = [
      { name: target.display, yaml: checkout.read(target.file) ?? '' },
      ...argoLayers(helm, files, own),
    ];
    const over = await overridingLayer(layers, key, tools.placeholder.link);
    if (laterWins(over, tools) && !over.unchecked) {
      refuse(
        `${over.by} sets ${over.key} after ${target.display}, the chart's own values.yaml, where Argo CD renders ${own}, so the chart would get that value instead of the link. Remove it there, or write the link there (point values-file at ${over.by.startsWith('helm.') ? app.from.split(',')[0] : over.by.split(' ')[0]}).`,
        over.by,
      );
      continue;
    }
    ctx.records.push(await render(ctx, app, helm, layers, folder, record));
  }
  return read;
}

/** The chart rendered with the layers, as Argo CD renders the source. */
async function render(
  ctx: ProofContext,
  app: ArgoEntry,
  helm: Record<string, unknown>,
  layers: ValuesLayer[],
  folder: string,
  record: { target: string; reader: string; entry: string },
): Promise<ProofRecord> {
  const { tools, checkout } = ctx;
  if (!tools.helm) return { ...record, level: 'values', reason: 'helm is not on PATH' };
  const destination = isObject(app.spec.destination) ? app.spec.destination : {};
  const release = argoRelease(helm, {
    name: app.name,
    destination: typeof destination.namespace === 'string' ? destination.namespace : 'default',
  });
  const chart = chartOf(
    { kind: 'path', path: posix.join(checkout.root, folder) },
    checkout.root,
    release,
  );
  const outcome = await renderForProof(tools, {
    renderer: 'argo',
    at: placedAt(checkout.root, entryFile(app)),
    label: `${record.target} through ${record.entry}`,
    valuesKey: tools.valuesKey.join('.'),
    chart,
    values: () => layers,
  });
  if (outcome.kind === 'found') return renderedRecord(record, outcome);
  if (outcome.kind === 'skipped') return { ...record, level: 'values', reason: outcome.reason };
  ctx.refusals.push(
    outcome.kind === 'overridden'
      ? `Application/${app.name} (${app.from}) renders ${folder} with ${outcome.by} setting ${outcome.key} after ${record.target}. Remove it there.`
      : `Application/${app.name} (${app.from}) renders ${folder} with ${record.target}, and none of the documents the chart renders holds the link at values-key ${tools.valuesKey.join('.')}. Check values-key.`,
  );
  return {
    ...record,
    level: 'values',
    reason: 'refused: the rendered chart does not carry the link',
  };
}
