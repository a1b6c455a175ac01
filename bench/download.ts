/**
 * The bundle download section of `npm run bench`: the action's `download-path` against `curl -o`
 * on the same bundle, and the action's peak RSS for a large and a small bundle, each download in
 * its own process.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ServiceClient } from '../src/api/client.js';
import { generateBundle, startExport } from '../src/api/static-export.js';
import { startSimulator, type Simulator } from '../simulator/server.js';
import { mb, median, mib, mmm, ratio, runnerEnv, spawnTimed, stats } from './common.js';

export interface DownloadBenchOptions {
  quick: boolean;
  node24: string;
  dist: string;
}

/** The small bundle whose peak RSS the large one's is compared with. */
const SMALL_BYTES = 64 * 2 ** 20;
/** A middle size, to show where the peak stops growing (skipped when it is the large size). */
const MIDDLE_BYTES = 256 * 2 ** 20;
/** Memory must not grow with the bundle: the large download's peak within this of the small's. */
const RSS_GROWTH_GOAL = 16 * 2 ** 20;

/**
 * This VM's first write to never-touched memory is slow (the hypervisor backs each page on first
 * use, and takes freed pages back after a few seconds): a fresh 1 GiB file can go at 0.5 GB/s, the
 * same write into recycled page cache at 5 GB/s. So each contender gets a file of the same size
 * written and deleted just before its transfer, and the order alternates. The action runs the
 * republish path (`job-id` of a finished export), so its transfer starts ~0.1 s after the warm-up,
 * as curl's does; with a fresh export the 3 s of polling let the warmed pages go cold again.
 */
function warmPageCache(bytes: number) {
  const file = join(tmpdir(), `bench-warm-${process.pid}`);
  const block = Buffer.alloc(8 * 2 ** 20, 1);
  const fd = openSync(file, 'w');
  for (let left = bytes + block.length; left > 0; left -= block.length) writeSync(fd, block);
  closeSync(fd);
  rmSync(file);
}

/** A simulator holding one finished export whose bundle is `bytes` long (plus the pages). */
async function bundleSimulator(bytes: number, seed: number) {
  const sim: Simulator = await startSimulator({
    seed,
    export: { queuedMs: 0, runningMs: 100, extraBundleBytes: bytes },
  });
  const client = new ServiceClient({ baseUrl: sim.baseUrl, apiKey: sim.apiKey });
  const { jobId } = await startExport(client, { domain: 'docs.example.com' });
  await client.close();
  await new Promise((r) => setTimeout(r, 300));
  return { sim, jobId };
}

/** The built action in its own Node 24 process: its transfer rate and its peak RSS. */
async function ourDownload(options: DownloadBenchOptions, sim: Simulator, jobId: string) {
  const ws = mkdtempSync(join(tmpdir(), 'bench-dl-'));
  const env = runnerEnv(
    {
      'api-key': sim.apiKey,
      domain: 'docs.example.com',
      'base-url': sim.baseUrl,
      'download-path': 'site.tar.gz',
      'job-id': jobId,
      timeout: '10m',
    },
    ws,
  );
  const run = spawnTimed(
    '/usr/bin/time',
    ['-f', 'maxrss=%M', options.node24, options.dist],
    env,
    ws,
  );
  const { code, out } = await run.done;
  if (code !== 0) throw new Error(`download run failed:\n${out.slice(-2000)}`);
  const m = /Downloaded [\d.]+ \w+ in ([\d.]+)s/.exec(out);
  const size = statSync(join(ws, 'site.tar.gz')).size;
  if (!m) throw new Error(`no download line in the action's log:\n${out.slice(-2000)}`);
  rmSync(ws, { recursive: true, force: true });
  return { speed: size / Number(m[1]), rss: Number(/maxrss=(\d+)/.exec(out)?.[1] ?? 0) * 1024 };
}

/** curl on a fresh link to the same bundle, from the same simulator; then sha256sum on top. */
async function curlDownload(sim: Simulator, jobId: string) {
  const client = new ServiceClient({ baseUrl: sim.baseUrl, apiKey: sim.apiKey });
  const { bundleUrl } = await generateBundle(client, jobId);
  await client.close();
  const file = join(tmpdir(), `bench-curl-${process.pid}.tgz`);
  const t0 = performance.now();
  const curled = await spawnTimed(
    'curl',
    ['-sS', '-o', file, '-w', '%{size_download} %{time_total}', bundleUrl],
    process.env,
    tmpdir(),
  ).done;
  const [bytes, seconds] = curled.out.trim().split(' ').map(Number);
  // What the action does on top: a SHA-256 of every byte (the bundle-sha256 output).
  execFileSync('sha256sum', [file], { stdio: 'ignore' });
  const withSha = bytes! / ((performance.now() - t0) / 1000);
  rmSync(file, { force: true });
  return { speed: bytes! / seconds!, withSha };
}

const UNDICI = pathToFileURL(createRequire(import.meta.url).resolve('undici')).href;

/**
 * The ceiling for any download written in Node on this machine: a Node 24 process that reads the
 * same link with undici (as the action does) and drops every byte, with no hash and no file.
 */
async function nodeReadOnly(node24: string, sim: Simulator, jobId: string): Promise<number> {
  const client = new ServiceClient({ baseUrl: sim.baseUrl, apiKey: sim.apiKey });
  const { bundleUrl } = await generateBundle(client, jobId);
  await client.close();
  const script = `const { request } = await import(${JSON.stringify(UNDICI)});
const t = performance.now(); let n = 0;
const { body } = await request(process.argv[1]);
for await (const chunk of body) n += chunk.length;
process.stdout.write(String(n / ((performance.now() - t) / 1000)));`;
  const run = await spawnTimed(
    node24,
    ['--input-type=module', '-e', script, bundleUrl],
    process.env,
    tmpdir(),
  ).done;
  if (run.code !== 0)
    throw new Error(`the read-only Node download failed:\n${run.out.slice(-2000)}`);
  return Number(run.out.trim());
}

/**
 * The action hashes every byte on the thread that also reads the socket (curl hashes nothing):
 * how fast is SHA-256 alone on one core of this machine (Node 24, 64 KiB updates, as the action)?
 */
function hashSpeed(node24: string): number {
  return Number(
    execFileSync(
      node24,
      [
        '-e',
        "const {createHash}=require('crypto');const b=Buffer.alloc(65536,7);const h=createHash('sha256');const n=4096;const t=performance.now();for(let i=0;i<n;i++)h.update(b);h.digest();process.stdout.write(String(n*65536/((performance.now()-t)/1000)))",
      ],
      { encoding: 'utf8' },
    ),
  );
}

export async function benchDownload(options: DownloadBenchOptions) {
  const large = options.quick ? 256 * 2 ** 20 : 2 ** 30;
  const runs = options.quick ? 2 : 5;
  const ours: number[] = [];
  const curl: number[] = [];
  const curlThenSha: number[] = [];
  const readOnly: number[] = [];
  const rssLarge: number[] = [];
  const rssSmall: number[] = [];
  const rssMiddle: number[] = [];
  const middle = MIDDLE_BYTES < large;
  for (let i = 0; i < runs; i++) {
    const { sim, jobId } = await bundleSimulator(large, 300 + i);
    const contenders = [
      async () => {
        warmPageCache(large);
        const run = await ourDownload(options, sim, jobId);
        ours.push(run.speed);
        rssLarge.push(run.rss);
      },
      async () => {
        warmPageCache(large);
        const run = await curlDownload(sim, jobId);
        curl.push(run.speed);
        curlThenSha.push(run.withSha);
      },
      async () => {
        warmPageCache(large);
        readOnly.push(await nodeReadOnly(options.node24, sim, jobId));
      },
    ];
    if (i % 2 === 1) contenders.reverse();
    for (const contender of contenders) await contender();
    await sim.close();
    // Smaller bundles, for the memory comparison: the same action, each in a process of its own.
    for (const [bytes, peaks] of [
      [SMALL_BYTES, rssSmall],
      ...(middle ? ([[MIDDLE_BYTES, rssMiddle]] as const) : []),
    ] as const) {
      const other = await bundleSimulator(bytes, 400 + i);
      warmPageCache(bytes);
      peaks.push((await ourDownload(options, other.sim, other.jobId)).rss);
      await other.sim.close();
    }
  }
  const hashSpeeds = [1, 2, 3].map(() => hashSpeed(options.node24));
  const growth = median(rssLarge) - median(rssSmall);
  const worstGrowth = Math.max(...rssLarge) - Math.min(...rssSmall);
  const signed = (v: number) => `${v < 0 ? '−' : '+'}${mb(Math.abs(v))}`;
  const results = {
    bytes: large,
    smallBytes: SMALL_BYTES,
    ours: stats(ours),
    curl: stats(curl),
    curlThenSha256sum: stats(curlThenSha),
    nodeReadOnly: stats(readOnly),
    sha256OneCore: stats(hashSpeeds),
    peakRss: stats(rssLarge),
    peakRssSmall: stats(rssSmall),
    ...(middle ? { middleBytes: MIDDLE_BYTES, peakRssMiddle: stats(rssMiddle) } : {}),
    rssGrowth: growth,
    rssWorstGrowth: worstGrowth,
  };
  const rows = [
    `| Download ${mb(large)} (download-path) throughput | ${mmm(stats(ours), mib)} | curl -o: ${mmm(stats(curl), mib)} | ${ratio(median(ours), median(curl))} | ≥ 0.8× |`,
    `| Download, same work as the action (transfer + SHA-256) | ${mmm(stats(ours), mib)} | curl -o, then sha256sum: ${mmm(stats(curlThenSha), mib)} | ${ratio(median(ours), median(curlThenSha))} | — |`,
    `| Download: Node 24 reading the link, nothing else (undici; no hash, no file) | ${mmm(stats(readOnly), mib)} | curl -o: ${mmm(stats(curl), mib)} | ${ratio(median(readOnly), median(curl))} | — |`,
    `| Download: SHA-256 alone on one core (work curl does not do) | ${mmm(stats(hashSpeeds), mib)} | — | — | — |`,
    `| Download: peak RSS of the action process, ${mb(large)} bundle | ${mmm(stats(rssLarge), mb)} | ${mb(SMALL_BYTES)} bundle: ${mmm(stats(rssSmall), mb)}${middle ? `; ${mb(MIDDLE_BYTES)} bundle: ${mmm(stats(rssMiddle), mb)}` : ''} | ${signed(growth)} over ${mb(SMALL_BYTES)} (medians; largest against smallest ${signed(worstGrowth)})${middle ? `; ${signed(median(rssLarge) - median(rssMiddle))} over ${mb(MIDDLE_BYTES)}` : ''} | ≤ +${mb(RSS_GROWTH_GOAL)} over ${mb(SMALL_BYTES)} |`,
  ];
  return { results, rows };
}
