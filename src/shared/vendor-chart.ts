/**
 * The vendor's chart (mintlify/enterprise) is named `enterprise`: its templates are what count,
 * and an umbrella chart hands it its values under the dependency's alias, else that name.
 */
export const VENDOR_CHART = 'enterprise';

/** The vendor's chart repository, as its docs add it (`helm repo add mintlify …`). */
export const VENDOR_REPOSITORY = { name: 'mintlify', url: 'https://helm.mintlify.com' } as const;

/**
 * The key a chart's Chart.yaml (its data) hands the vendor chart its values under: the
 * dependency's alias, else its name; undefined when the vendor chart is not a dependency.
 */
export function vendorValuesKey(chartYaml: unknown): string | undefined {
  const deps = (chartYaml as { dependencies?: unknown } | null)?.dependencies;
  if (!Array.isArray(deps)) return undefined;
  for (const dep of deps as Array<{ name?: unknown; alias?: unknown } | null>) {
    if (dep?.name !== VENDOR_CHART) continue;
    return typeof dep.alias === 'string' && dep.alias !== '' ? dep.alias : VENDOR_CHART;
  }
  return undefined;
}
