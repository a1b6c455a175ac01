/**
 * Reading what `helm template` rendered: its documents with the template each came from, whether
 * one holds the placeholder (as text, or base64 in a Secret or ConfigMap), and whether a new link
 * rolls the pods.
 */
import { parseAllDocuments } from 'yaml';
import { VENDOR_CHART } from '../shared/vendor-chart.js';

/**
 * Whether a new link rolls the pods: it is in a pod template (`pod-template`), or only in a
 * ConfigMap or Secret whose content a pod template checksums (`checksum`), or in one no pod
 * template follows (`config-only`: the pods serve the old bundle until they next restart).
 */
export type Rollout = 'pod-template' | 'checksum' | 'config-only';

export interface RenderedDocument {
  source: string;
  text: string;
  /** Rendered from the vendor chart (or every document, when no vendor chart is among them). */
  counts: boolean;
}

/** Splits helm's output into documents, each with its `# Source:` template. */
export function renderedDocuments(output: string): RenderedDocument[] {
  const docs = output
    .split(/^---[ \t]*$/m)
    .map((text) => ({ text, source: /^# Source: (.+)$/m.exec(text)?.[1]?.trim() ?? '' }))
    .filter((doc) => doc.text.trim() !== '');
  const vendor = docs.map((doc) => fromVendorChart(doc.source));
  const anyVendor = vendor.some(Boolean);
  // A chart of another name (a fork, a wrapper) with no `enterprise` chart inside: all count.
  return docs.map((doc, i) => ({ ...doc, counts: anyVendor ? vendor[i]! : true }));
}

/** `enterprise/templates/x.yaml` or `umbrella/charts/enterprise/templates/x.yaml`. */
function fromVendorChart(source: string): boolean {
  const parts = source.split('/');
  const templates = parts.indexOf('templates');
  if (templates < 1) return false;
  return parts[templates - 1] === VENDOR_CHART;
}

/** The token as text (JSON escaping leaves it alone), or inside base64 data of a Secret or ConfigMap. */
export function holds(text: string, token: string): boolean {
  if (text.includes(token)) return true;
  for (const doc of parseAllDocuments(text)) {
    const value: unknown = doc.toJS();
    if (!value || typeof value !== 'object') continue;
    for (const field of ['data', 'binaryData']) {
      const data = (value as Record<string, unknown>)[field];
      if (!data || typeof data !== 'object') continue;
      for (const encoded of Object.values(data as Record<string, unknown>)) {
        if (typeof encoded !== 'string') continue;
        if (Buffer.from(encoded, 'base64').toString('utf8').includes(token)) return true;
      }
    }
  }
  return false;
}

/** The kinds whose change rolls pods: they hold a pod template (or are a pod). */
const WORKLOADS = new Set([
  'Deployment',
  'StatefulSet',
  'DaemonSet',
  'ReplicaSet',
  'Job',
  'CronJob',
  'Pod',
  'Rollout',
]);

const kindOf = (text: string): string => /^kind:\s*(\S+)/m.exec(text)?.[1] ?? '';

/**
 * Where the link lands decides what a new one does: in a pod template it rolls the pods. Only in
 * a ConfigMap or Secret, it rolls them only if a pod template changes with it (a checksum
 * annotation): `again` renders with another link, and any workload that differs shows one.
 */
export async function rolloutOf(
  found: readonly RenderedDocument[],
  documents: readonly RenderedDocument[],
  /** The chart rendered with another link; undefined when that render failed. */
  again: () => Promise<RenderedDocument[] | undefined>,
): Promise<Rollout> {
  if (found.some((doc) => WORKLOADS.has(kindOf(doc.text)))) return 'pod-template';
  const workloads = (docs: readonly RenderedDocument[]) =>
    docs.filter((doc) => WORKLOADS.has(kindOf(doc.text))).map((doc) => doc.text);
  const before = workloads(documents);
  const second = await again();
  // Nothing seen to roll the pods: said as such (restart them), never "the pods roll".
  if (!second) return 'config-only';
  const after = workloads(second);
  const changed = before.length !== after.length || before.some((text, i) => text !== after[i]);
  return changed ? 'checksum' : 'config-only';
}
