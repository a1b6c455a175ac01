/**
 * Where a chart comes from, as helm can fetch it: an HTTP chart repository (an index.yaml), an
 * OCI registry, a repository helm already knows by name (`helm repo add`), or a folder of the
 * checkout. The render check (render-check.ts) names the source in its log and summary, and the
 * fetcher (fetch.ts) pulls from it; the values side only fills a `ChartInReach`.
 */
import { existsSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import type { ChartInReach } from './render-target.js';

export type ChartSource =
  /** An HTTP(S) chart repository: its index lists the chart's versions. */
  | { kind: 'repo'; url: string; chart: string; version?: string }
  /** An OCI registry: `oci://host/path/chart`, a tag or constraint, or a digest. */
  | { kind: 'oci'; ref: string; version?: string; digest?: string; plainHttp?: boolean }
  /** `repo/chart`, a repository helm has added (helm-chart). */
  | { kind: 'named'; repo: string; chart: string; version?: string }
  | { kind: 'local'; path: string };

/** A chart helm reads from a folder; never one named with --repo (it is pulled from there). */
export function isLocalChart(chart: ChartInReach): boolean {
  return (
    chart.repo === undefined &&
    !chart.ref.startsWith('oci://') &&
    (isAbsolute(chart.ref) || chart.ref.startsWith('.') || existsSync(chart.ref))
  );
}

/** The source of a chart in reach, as the fetcher reads it. */
export function sourceOf(chart: ChartInReach): ChartSource {
  if (chart.repo !== undefined && !chart.repo.startsWith('oci://'))
    return { kind: 'repo', url: chart.repo, chart: chart.ref, version: chart.version };
  // Argo CD and kustomize name an OCI chart as a repository address and a chart name.
  const ref = chart.repo ? `${chart.repo.replace(/\/+$/, '')}/${chart.ref}` : chart.ref;
  if (ref.startsWith('oci://')) {
    const at = ref.indexOf('@sha256:');
    return {
      kind: 'oci',
      ref: at === -1 ? ref : ref.slice(0, at),
      version: chart.version,
      digest: chart.digest ?? (at === -1 ? undefined : ref.slice(at + 1)),
      plainHttp: chart.plainHttp,
    };
  }
  if (isLocalChart(chart)) return { kind: 'local', path: chart.ref };
  const [repo = '', ...rest] = chart.ref.split('/');
  return { kind: 'named', repo, chart: rest.join('/'), version: chart.version };
}

/** The source in words, for the log and the summary: never a password in an address. */
export function describeSource(source: ChartSource): string {
  switch (source.kind) {
    case 'repo':
      return `chart repository ${hideUserInfo(source.url)}`;
    case 'oci':
      return `OCI registry ${hideUserInfo(source.ref)}${source.digest ? `@${source.digest}` : ''}${source.plainHttp ? ' (plain HTTP)' : ''}`;
    case 'named':
      return `helm repository ${source.repo}`;
    case 'local':
      return 'a folder of the checkout';
  }
}

/**
 * A text with the password of every address's user part (`https://user:token@host`, which helm
 * quotes back in its errors) hidden, even one `new URL` cannot read (a bare `%` in it).
 */
export function hideUserInfo(text: string): string {
  return text.replace(/(\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@]*:)[^\s@/]*@/gi, '$1***@');
}

/** The host of an OCI reference (`ghcr.io`, `127.0.0.1:5000`), as logins are keyed: no user part. */
export function ociHost(ref: string): string {
  return (ref.replace(/^oci:\/\//, '').split('/', 1)[0] ?? '').replace(/^[^@]*@/, '');
}
