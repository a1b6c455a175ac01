/**
 * What the render check needs to know about one place the run writes the link: which chart reads
 * it, and the values helm would hand that chart, in helm's order. The values layer (plain values
 * files, GitOps manifests) builds these; the render check (`render-check.ts`) renders each with a
 * placeholder link and looks for it. Types only: what a target is lives here; a values layer is
 * Helm's own rule (controllers/helm.ts), which both sides read.
 */
import type { ValuesLayer } from '../controllers/helm.js';

/** A chart helm can render without a cluster: a local directory, or a reference it can pull. */
export interface ChartInReach {
  kind: 'chart';
  /** A local chart directory, `repo/chart` (a repository helm has added) or an `oci://` reference. */
  ref: string;
  /** `--version`, when the target pins one. */
  version?: string;
  /**
   * `--repo <url>`, when the manifest names the repository by address (Argo CD, kustomize, a Flux
   * HelmRepository); an `oci://` address is joined with `ref` (the chart's name) instead.
   */
  repo?: string;
  /**
   * Files whose merge replaces the chart's own values.yaml as its defaults (Flux chart
   * valuesFiles: source-controller packages the chart with them), in order.
   */
  chartValues?: string[];
  /** The same, as paths inside the chart (Flux valuesFiles of a HelmRepository chart). */
  chartValuesIn?: string[];
  /** An OCI digest (`sha256:…`) the chart is pinned to (a Flux OCIRepository's ref.digest). */
  digest?: string;
  /** Plain HTTP to the registry (a Flux source's spec.insecure). */
  plainHttp?: boolean;
  /** The manifest that names the source, for the log: `HelmRepository docs/mintlify`. */
  origin?: string;
  /** The release name and namespace the controller would use (they can change what renders). */
  releaseName?: string;
  namespace?: string;
}

/** Why this target's chart cannot be rendered here: reported as `skipped`, with this reason. */
export interface ChartOutOfReach {
  kind: 'out-of-reach';
  reason: string;
}

export interface RenderTarget {
  /** As messages name it: `values.yaml`, `clusters/prod/docs.yaml (HelmRelease/docs)`. */
  label: string;
  /** The values path inside the chart's values (values-key), as the user wrote it. */
  valuesKey: string;
  chart: ChartInReach | ChartOutOfReach;
  /**
   * The values helm would pass the chart, in order (later wins), with `link` written at values-key
   * exactly where this run would write it, computed in memory (nothing on disk changes).
   * The check passes the value-setting flags of helm-args (`-f`, `--set*`) as the rollout does
   * (`upgradeArgs`: helm-args before the values files; any `--set*` wins over every file).
   */
  values(link: string): ValuesLayer[];
  /**
   * --set flags the tool that installs the chart passes over every values file (a helmfile
   * release's set and setString entries), with where they come from for the refusal.
   */
  setFlags?: {
    flags: string[];
    source: { name: string; plain: string };
    /** The flags' layers in the tool's order, each named (helmfile: `set`, then `setString`). */
    layers?: (valuesKey: string) => ValuesLayer[];
  };
  /**
   * Values the controller passes before these that the render cannot read (Argo CD valueFiles in
   * another repository or a chart package): a render that finds no link proves nothing then.
   */
  unread?: string;
  /**
   * What the controller does to the chart's output before it applies it (Flux postRenderers, a
   * kustomization's patches over its helmCharts), given the output and the placeholder link:
   * the link is looked for in what this returns. kustomize drops helm's `# Source:` comments, so
   * every document then counts as the vendor chart's.
   */
  postRender?: (rendered: string, link: string) => Promise<string>;
  /**
   * Who renders the chart in the cluster, for the helm majors it may use (majors.ts): Flux, Argo
   * CD, or this run's own rollout. Unset: nothing says which (a chart beside the file, a
   * helmfile), so every major renders.
   */
  renderer?: 'flux' | 'argo' | 'own';
  /**
   * The file (absolute path) that places the release in a cluster: its manifest, or the file of
   * the entry point that builds it. Only the pins of the clusters that read it count (majors.ts).
   */
  at?: string;
}
