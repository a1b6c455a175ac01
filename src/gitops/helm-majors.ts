/**
 * The helm major a controller of this checkout renders with, where the checkout pins its version.
 * Flux's helm-controller renders with Helm 4 from Flux 2.8 (helm-controller 1.5; its 2.8.2 notes:
 * "updating to Helm 4.1.3"), with Helm 3 before. Argo CD renders with Helm 4 from 3.5 ("Helm was
 * upgraded to 4.2.0", its 3.4 to 3.5 upgrade notes), with Helm 3 before. What pins a version:
 *
 * - a Flux Operator `FluxInstance`'s `spec.distribution.version` (an exact version, `2.7.x`, or a
 *   range: the operator installs the newest version it allows, so a range open above 2.8 is
 *   Helm 4);
 * - a helm-controller image tag (`ghcr.io/fluxcd/helm-controller:v1.4.3`, as `flux bootstrap`
 *   writes gotk-components.yaml);
 * - an Argo CD image tag (`quay.io/argoproj/argocd:v3.4.1`) or install manifest address
 *   (`…/argoproj/argo-cd/v3.4.1/manifests/install.yaml`, `…/argo-cd/manifests/…?ref=v3.4.1`).
 *
 * Anything else (no such file, a range this does not read, `latest`) pins nothing: both majors.
 * Several pins of one controller (several clusters) add up their majors.
 */
import type { HelmMajor, HelmPin, HelmPins } from '../helm/majors.js';
import { manifestsOf } from '../shared/go-yaml.js';
import { isObject } from '../values/site.js';

const OPERATOR = /^["']?apiVersion["']?[ \t]*:[ \t]*["']?fluxcd\.controlplane\.io\//m;
const HELM_CONTROLLER = /\/helm-controller:v?(\d+)\.(\d+)\.\d+/g;
const ARGO_IMAGE = /argoproj\/argocd:v?(\d+)\.(\d+)\.\d+/g;
const ARGO_MANIFESTS =
  /argoproj\/argo-cd\/(?:(?:refs\/tags\/)?v?(\d+)\.(\d+)\.\d+\/)?manifests\/[^\s"'?]*(?:\?ref=v?(\d+)\.(\d+)\.\d+)?/g;

/** The first version of each controller that renders with Helm 4. */
const FLUX_HELM4 = [2, 8] as const;
const HELM_CONTROLLER_HELM4 = [1, 5] as const;
const ARGO_HELM4 = [3, 5] as const;

const atLeast = (major: number, minor: number, [m, n]: readonly [number, number]) =>
  major > m || (major === m && minor >= n);
const majorOf = (major: number, minor: number, first: readonly [number, number]): HelmMajor =>
  atLeast(major, minor, first) ? 4 : 3;

/** The pins of a checkout's files (path relative to its top, and text). */
export function helmPins(files: Iterable<{ path: string; text: string }>): HelmPins {
  const flux: { major: HelmMajor; by: string }[] = [];
  const argo: { major: HelmMajor; by: string }[] = [];
  for (const { path, text } of files) {
    if (OPERATOR.test(text)) flux.push(...instancePins(path, text));
    for (const m of text.matchAll(HELM_CONTROLLER))
      flux.push({
        major: majorOf(Number(m[1]), Number(m[2]), HELM_CONTROLLER_HELM4),
        by: `${path}: helm-controller v${m[1]}.${m[2]}`,
      });
    for (const m of text.matchAll(ARGO_IMAGE))
      argo.push({
        major: majorOf(Number(m[1]), Number(m[2]), ARGO_HELM4),
        by: `${path}: Argo CD v${m[1]}.${m[2]}`,
      });
    for (const m of text.matchAll(ARGO_MANIFESTS)) {
      const [major, minor] = m[1] ? [m[1], m[2]] : [m[3], m[4]];
      if (major === undefined) continue;
      argo.push({
        major: majorOf(Number(major), Number(minor), ARGO_HELM4),
        by: `${path}: Argo CD v${major}.${minor}`,
      });
    }
  }
  const pins: HelmPins = {};
  const fluxPin = pinOf(flux);
  const argoPin = pinOf(argo);
  if (fluxPin) pins.flux = fluxPin;
  if (argoPin) pins.argo = argoPin;
  return pins;
}

function pinOf(found: readonly { major: HelmMajor; by: string }[]): HelmPin | undefined {
  if (found.length === 0) return undefined;
  const majors = [...new Set(found.map((f) => f.major))].sort();
  return { majors, by: [...new Set(found.map((f) => f.by))].slice(0, 3).join('; ') };
}

/** Each FluxInstance's distribution.version, where it says a major; else none (both). */
function instancePins(path: string, text: string): { major: HelmMajor; by: string }[] {
  const wanted = (h: { apiVersion?: string; kind?: string }) =>
    !!h.apiVersion?.startsWith('fluxcd.controlplane.io/') && h.kind === 'FluxInstance';
  return manifestsOf(text, wanted).flatMap((data) => {
    const spec = isObject(data.spec) ? data.spec : {};
    const dist = isObject(spec.distribution) ? spec.distribution : {};
    const version = typeof dist.version === 'string' ? dist.version.trim() : '';
    const major = fluxVersionMajor(version);
    if (!major) return [];
    const meta = isObject(data.metadata) ? data.metadata : {};
    const name = `${typeof meta.namespace === 'string' ? meta.namespace : 'flux-system'}/${String(meta.name)}`;
    return [{ major, by: `FluxInstance ${name} (${path}: distribution.version ${version})` }];
  });
}

/**
 * The helm major of a FluxInstance version constraint, as the operator resolves it (the newest
 * release it allows). `2.7.3`, `2.7.x`, `~2.7`, `2.7`: that minor. `2.x`, `^2.7`, `>=2.6`, `*`: the
 * newest Flux 2, Helm 4. Undefined for what this does not read (a bounded range, `<2.8`).
 */
export function fluxVersionMajor(constraint: string): HelmMajor | undefined {
  const c = constraint.replace(/\s+/g, '');
  const minor = /^[~=v]*v?(\d+)\.(\d+)(?:\.(?:\d+|[x*]))?$/.exec(c);
  if (minor) return majorOf(Number(minor[1]), Number(minor[2]), FLUX_HELM4);
  if (/^(?:\*|x|v?2(?:\.[x*])?(?:\.[x*])?|\^v?2(?:\.\d+){0,2}|>=?v?\d+(?:\.\d+){0,2})$/.test(c))
    return 4;
  return undefined;
}
