/**
 * One simulated 2-minute export, in real time, polled by the built action (dist/ on Node 24)
 * with poll-interval auto and with a fixed 10 s, side by side. Reports the status checks sent and
 * the delay between the job's completion and the check that saw it.
 *
 *   npx tsx bench/two-minute.ts [seconds=117.3,120,122.6] [queued seconds=4]
 *
 * Short exports, started without a queue (the start answers `running 0%`):
 *
 *   npx tsx bench/two-minute.ts 1,3,10 0
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runnerInputs } from '../scripts/runner.js';
import { startSimulator, type Simulator } from '../simulator/server.js';
import { ensureTools } from '../scripts/tools.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const lengths = (process.argv[2] ?? '117.3,120,122.6').split(',').map((x) => Number(x) * 1000);
const queuedMs = Number(process.argv[3] ?? 4) * 1000;
const node = ensureTools(['node24']).node24;
async function once(
  total: number,
  pollInterval: string,
): Promise<{
  total: number;
  pollInterval: string;
  requests: number;
  delayMs: number;
  wallMs: number;
}> {
  const sim: Simulator = await startSimulator({
    seed: 7,
    export: { queuedMs, runningMs: total - queuedMs, pageCount: 120 },
  });
  const ws = mkdtempSync(join(tmpdir(), 'bench-ws-'));
  writeFileSync(join(ws, 'values.yaml'), 'replicaCount: 1\n');
  writeFileSync(join(ws, 'out'), '');
  const given: Record<string, string> = {
    'api-key': sim.apiKey,
    domain: 'docs.example.com',
    'base-url': sim.baseUrl,
    'poll-interval': pollInterval,
    'values-file': 'values.yaml',
  };
  const env = runnerInputs(given);
  const started = Date.now();
  const child = spawn(node, [process.env.BENCH_DIST ?? join(ROOT, 'dist/index.js')], {
    cwd: ws,
    env: { PATH: process.env.PATH, GITHUB_WORKSPACE: ws, GITHUB_OUTPUT: join(ws, 'out'), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const wallMs = Date.now() - started;
  if (code !== 0) throw new Error(`action exited ${code}`);
  const [jobId] = [...sim.exportJobs.keys()];
  const completedAt = sim.completedAt(jobId!)!;
  const checks = sim.requestsFor('get-export');
  const seen = checks.find((r) => r.at >= completedAt)!;
  await sim.close();
  return { total, pollInterval, requests: checks.length, delayMs: seen.at - completedAt, wallMs };
}

const results = await Promise.all(
  lengths.flatMap((total) => [once(total, 'auto'), once(total, '10s')]),
);
console.log(
  `Exports of ${lengths.map((l) => l / 1000).join(', ')} s (${queuedMs / 1000} s queued), polled by dist/index.js on Node 24, in real time:\n`,
);
console.log('| export length | poll-interval | status checks | completion → detected |');
console.log('|---|---|---|---|');
for (const r of results) {
  console.log(
    `| ${(r.total / 1000).toFixed(1)} s | ${r.pollInterval} | ${r.requests} | ${(r.delayMs / 1000).toFixed(2)} s |`,
  );
}
