/**
 * The render targets of a plain values file that a helmfile release lists: the release's chart
 * (a folder of the checkout, a chart of one of the state file's `repositories`, an `oci://`
 * reference) with the values helmfile passes it, in its order: the release's values entries
 * (this file written as the run writes it, the entries after it later and so winning), then its
 * `set` and `setString` entries over all of them. What helmfile would change that this run does
 * not model (secrets it decrypts, patches, transformers, a post-renderer) makes the chart out of
 * reach: the layers this run can read are still checked.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { stringify } from 'yaml';
import type { ChartInReach, ChartOutOfReach, RenderTarget } from '../helm/render-target.js';
import type { ValuesLayer } from '../controllers/helm.js';
import { setLayer } from '../helm/set-flags.js';
import { setFlags } from '../controllers/helmfile.js';
import {
  laterEntries,
  releasesListing,
  unreadableStates,
  type ListingRelease,
} from '../values/helmfile.js';

/**
 * One target per release that lists `file`. `withLink` is the file's text as this run writes it.
 */
export function helmfileTargets(
  file: { path: string; display: string },
  helmfiles: readonly { path: string; text: string }[],
  root: string,
  valuesKey: string,
  withLink: (link: string) => { name: string; yaml: string },
): (RenderTarget & { file: { path: string; display: string } })[] {
  const listed = releasesListing(file.path, helmfiles, root);
  if (listed.length === 0)
    // A state template only helmfile renders may list it: out of reach for that, said so.
    return unreadableStates(file.path, helmfiles, root).map(({ display, reason }) => ({
      file,
      label: `${file.display} (helmfile ${display})`,
      valuesKey,
      chart: {
        kind: 'out-of-reach',
        reason: `${display} ${reason}, and may list it among a release's values`,
      },
      values: (link): ValuesLayer[] => [withLink(link)],
    }));
  return listed.map((listing) => {
    const { release } = listing;
    const env = listing.environment ? ` (environment ${listing.environment})` : '';
    const where = `${listing.display}, release ${release.name}${env}`;
    const earlier = release.values.slice(0, listing.index);
    return {
      file,
      label: `${file.display} (helmfile ${where})`,
      valuesKey,
      chart: chartOf(listing),
      setFlags: {
        flags: setFlags(release),
        source: { name: where, plain: 'set entry' },
        // helmfile passes --set for each set entry, then --set-string for each setString entry.
        layers: (key: string) => [
          ...setLayer(setFlags({ ...release, setString: [] }), key, {
            name: where,
            plain: 'set entry',
          }),
          ...setLayer(setFlags({ ...release, set: [] }), key, {
            name: where,
            plain: 'setString entry',
          }),
        ],
      },
      values: (link): ValuesLayer[] => [
        ...earlier.flatMap((entry, i): ValuesLayer[] =>
          typeof entry === 'string'
            ? [{ file: resolve(dirname(listing.helmfile), entry) }]
            : entry && typeof entry === 'object'
              ? [{ name: `${where}, values entry ${i + 1}`, yaml: stringify(entry) }]
              : [],
        ),
        withLink(link),
        ...laterEntries(listing).map((entry, i): ValuesLayer => {
          const fix = `Remove those keys there (helmfile passes it after ${file.display}), or point values-file at it instead.`;
          return 'file' in entry
            ? { file: entry.file, fix }
            : {
                name: `${where}, values entry ${listing.index + i + 2}`,
                yaml: stringify(entry.inline),
                fix,
              };
        }),
      ],
    };
  });
}

/** The release's chart, where helm can get it without helmfile. */
function chartOf(listing: ListingRelease): ChartInReach | ChartOutOfReach {
  const { release } = listing;
  const named = { releaseName: release.name, namespace: release.namespace };
  const version = release.version ? { version: release.version } : {};
  if (release.outOfReach) return { kind: 'out-of-reach', reason: release.outOfReach };
  if (release.secrets.length > 0)
    return {
      kind: 'out-of-reach',
      reason: `release ${release.name} of ${listing.display} passes secrets after its values, which only helmfile decrypts`,
    };
  const chart = release.chart;
  if (chart.includes('{{'))
    return {
      kind: 'out-of-reach',
      reason: `the chart of release ${release.name} in ${listing.display} is a template`,
    };
  if (/^(\.{1,2}\/|\/)/.test(chart)) {
    const dir = resolve(dirname(listing.helmfile), chart);
    return existsSync(join(dir, 'Chart.yaml'))
      ? { kind: 'chart', ref: dir, ...named }
      : {
          kind: 'out-of-reach',
          reason: `the chart of release ${release.name} (${chart}) is no chart folder of this checkout`,
        };
  }
  if (chart.startsWith('oci://')) return { kind: 'chart', ref: chart, ...version, ...named };
  const slash = chart.indexOf('/');
  const repository = listing.repositories.find((r) => r.name === chart.slice(0, slash));
  if (slash > 0 && repository) {
    const name = chart.slice(slash + 1);
    return repository.oci
      ? {
          kind: 'chart',
          ref: `oci://${repository.url.replace(/^oci:\/\//, '').replace(/\/$/, '')}/${name}`,
          ...version,
          ...named,
        }
      : { kind: 'chart', ref: name, repo: repository.url, ...version, ...named };
  }
  return {
    kind: 'out-of-reach',
    reason: `the chart of release ${release.name} (${chart}) names no repository of ${listing.display}`,
  };
}
