/**
 * The render check on a chart fetched from a chart repository on loopback, against what a person
 * would run by hand for the same proof: `helm pull` of that chart, then `helm template` with the
 * values. Both with the real helm 3, on the same chart and repository, side by side in one run,
 * alternating so a busy moment of the machine falls on both. The render check runs in process
 * (the module the action bundles), with a fetcher of its own each time: one pull per run, as the
 * action does, and the run's helms as the action finds them (src/helm/majors.ts: each one's major
 * from its build info, no process): with helm 3 alone on PATH, one render; with helm 3 and 4 on
 * PATH and nothing pinning a major, a render with each, against a pull and a `helm template`
 * with each by hand.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { ChartFetcher } from '../src/helm/fetch.js';
import { checkTarget } from '../src/helm/render-check.js';
import { HelmSet } from '../src/helm/majors.js';
import { serveChartRepo } from '../simulator/chart-repo.js';
import { ROOT, median, mmm, ratio, stats } from './common.js';

const run = promisify(execFile);

export async function benchRenderFetch(
  helm: string,
  samples: number,
  /** A Helm 4 binary: the second row, both majors on PATH. */
  helm4?: string,
): Promise<{ row: string; results: Record<string, unknown> }> {
  const one = await measure(helm, samples);
  const rows = [
    `| Render check, chart fetched from a loopback repository (helm 3, ${samples} runs) | ${mmm(stats(one.check))} | helm pull + helm template by hand: ${mmm(stats(one.byHand))} | ${ratio(median(one.check), median(one.byHand))} | ≤ 1.3× |`,
  ];
  const results: Record<string, unknown> = {
    samples,
    check: stats(one.check),
    byHand: stats(one.byHand),
  };
  if (helm4) {
    const both = await measure(helm, samples, helm4);
    rows.push(
      `| Render check, as above with helm 3 and 4 on PATH, no major pinned (${samples} runs) | ${mmm(stats(both.check))} | helm pull + helm template with each by hand: ${mmm(stats(both.byHand))} | ${ratio(median(both.check), median(both.byHand))} | ≤ 1.5× |`,
    );
    results.bothMajors = { check: stats(both.check), byHand: stats(both.byHand) };
  }
  return { row: rows.join('\n'), results };
}

async function measure(
  helm: string,
  samples: number,
  helm4?: string,
): Promise<{ check: number[]; byHand: number[] }> {
  const home = await mkdtemp(join(tmpdir(), 'bench-helm-home-'));
  const env = {
    // The helms the run finds: this one, and helm 4 where it is given.
    PATH: [dirname(helm), ...(helm4 ? [dirname(helm4)] : []), '/usr/bin', '/bin'].join(':'),
    HOME: home,
    XDG_CACHE_HOME: join(home, 'cache'),
    XDG_CONFIG_HOME: join(home, 'config'),
    XDG_DATA_HOME: join(home, 'data'),
  };
  const repo = await serveChartRepo(helm, env, join(ROOT, 'test/fixtures/chart'), {
    versions: ['1.3.0', '1.4.0'],
  });
  const values = join(home, 'values.yaml');
  const link = 'https://bundles.example.com/site.tar.gz';
  await writeFile(values, `staticExport:\n  enabled: true\n  bundleUrl: ${link}\n`);
  const check: number[] = [];
  const byHand: number[] = [];
  try {
    for (let i = 0; i < samples; i++) {
      let t = performance.now();
      const charts = new ChartFetcher(helm, { env });
      const outcome = await checkTarget(
        {
          label: 'values.yaml',
          valuesKey: 'staticExport',
          chart: { kind: 'chart', ref: 'enterprise', repo: repo.url, version: '1.4.0' },
          values: (placeholder) => [
            {
              name: 'values.yaml',
              yaml: `staticExport:\n  enabled: true\n  bundleUrl: ${placeholder}\n`,
            },
          ],
        },
        {
          helm,
          helmArgs: [],
          env,
          redact: (text) => text,
          charts,
          helms: new HelmSet(helm, () => Promise.resolve({}), env),
        },
      );
      await charts.dispose();
      check.push(performance.now() - t);
      // The two-major row times two renders only if both majors did render.
      const majors = outcome.kind === 'found' ? outcome.helm?.rendered.join() : undefined;
      if (outcome.kind !== 'found' || majors !== (helm4 ? '3,4' : '3'))
        throw new Error(`render check: ${JSON.stringify(outcome)}`);

      t = performance.now();
      const dir = await mkdtemp(join(tmpdir(), 'bench-pull-'));
      const pull = ['pull', 'enterprise', '--repo', repo.url, '--version', '1.4.0'];
      await run(helm, [...pull, '--untar', '--destination', dir], { env });
      for (const bin of [helm, ...(helm4 ? [helm4] : [])]) {
        const { stdout } = await run(
          bin,
          ['template', 'docs', join(dir, 'enterprise'), '--values', values],
          { env },
        );
        if (!stdout.includes(link)) throw new Error('helm template by hand: no link');
      }
      byHand.push(performance.now() - t);
      await rm(dir, { recursive: true, force: true });
    }
  } finally {
    await repo.close();
    await rm(home, { recursive: true, force: true });
  }
  return { check, byHand };
}
