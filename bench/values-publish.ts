/**
 * What a large values file adds to a publish: the whole run of `dist/` under Node 24 with a given
 * `bundle-url` (no export, no polling: the run reads, checks, edits and writes the file, and scans
 * the git checkout for what reads it), on a 1 KB file and on real large ones
 * (test/fixtures/argo-helm: argo-cd's 179 KB values file, and all six charts' files nested as an
 * umbrella chart's, about 284 KB). The baseline: one `yaml` parse + stringify of the same file, timed
 * inside a fresh Node 24 process. Runs are interleaved. The parses of each large text per run are
 * counted by bench/parse-count.ts (the same run, in process under tsx, with `yaml` hooked).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tarGz } from '../simulator/tar.js';
import { startMirror } from '../test/helpers/mirror.js';
import { ROOT, median, mmm, ratio, runnerEnv, spawnTimed, stats } from './common.js';

const FIXTURES = join(ROOT, 'test/fixtures/argo-helm');

/** The six argo-helm charts' values under their chart names, as an umbrella chart holds them. */
export function umbrellaValues(): string {
  const charts = readdirSync(FIXTURES)
    .filter((f) => f.endsWith('.yaml'))
    .sort();
  const parts = ['# The values of an umbrella chart over the argo-helm charts.'];
  for (const file of charts) {
    const text = readFileSync(join(FIXTURES, file), 'utf8');
    parts.push(`${file.replace(/\.yaml$/, '')}:`);
    for (const line of text.replace(/\n$/, '').split('\n')) parts.push(line ? `  ${line}` : '');
  }
  return `${parts.join('\n')}\n`;
}

/** The first top-level entries of argo-cd's file, about 1 KB (cut where a top-level line starts). */
function smallValues(): string {
  const lines = readFileSync(join(FIXTURES, 'argo-cd.yaml'), 'utf8').split('\n');
  const out: string[] = [];
  for (const line of lines) {
    if (out.join('\n').length >= 1000 && /^\S/.test(line)) break;
    out.push(line);
  }
  return `${out.join('\n')}\n`;
}

function checkout(text: string): string {
  const ws = mkdtempSync(join(tmpdir(), 'bench-values-'));
  writeFileSync(join(ws, 'values.yaml'), text);
  execFileSync('git', ['init', '-q'], { cwd: ws });
  execFileSync('git', ['add', '-A'], { cwd: ws });
  execFileSync('git', ['-c', 'user.name=b', '-c', 'user.email=b@b', 'commit', '-qm', 'x'], {
    cwd: ws,
  });
  return ws;
}

/** The link the runs publish: a bundle on a loopback mirror (bench/values-publish's own). */
let LINK = '';
/** Wall and CPU time, ms. */
interface Timed {
  wall: number;
  cpu: number;
}

const inputs = () => ({ 'bundle-url': LINK, 'values-file': 'values.yaml' });

/** Writes the process's CPU time (user + system, ms) at exit to CPU_OUT. */
const CPU_HOOK = `data:text/javascript,${encodeURIComponent(
  "import { writeFileSync } from 'node:fs'; process.on('exit', () => { const u = process.cpuUsage(); writeFileSync(process.env.CPU_OUT, String((u.user + u.system) / 1000)); });",
)}`;

async function publish(node24: string, dist: string, text: string) {
  const ws = checkout(text);
  const cpuOut = join(ws, '..', `${ws.split('/').pop()}.cpu`);
  const env = { ...runnerEnv(inputs(), ws), CPU_OUT: cpuOut };
  const run = spawnTimed(node24, ['--import', CPU_HOOK, dist], env, ws);
  const { code, ms, out } = await run.done;
  if (code !== 0) throw new Error(`the action failed:\n${out}`);
  if (!readFileSync(join(ws, 'values.yaml'), 'utf8').includes(LINK))
    throw new Error(`the action did not write the link:\n${out}`);
  return { wall: ms, cpu: Number(readFileSync(cpuOut, 'utf8')) };
}

/** One parse + stringify of `file`, timed inside a fresh process (wall and CPU, ms). */
function parseOnce(node24: string, file: string) {
  const script = `const { parseDocument } = require(${JSON.stringify(join(ROOT, 'node_modules/yaml'))});
const text = require('fs').readFileSync(${JSON.stringify(file)}, 'utf8');
const c = process.cpuUsage(); const t = performance.now();
String(parseDocument(text));
const u = process.cpuUsage(c);
console.log(JSON.stringify({ wall: performance.now() - t, cpu: (u.user + u.system) / 1000 }));`;
  return JSON.parse(execFileSync(node24, ['-e', script], { encoding: 'utf8' })) as {
    wall: number;
    cpu: number;
  };
}

/** The parses and whole-document toJS calls of texts over 100 KB in one run (bench/parse-count.ts). */
async function countParses(text: string) {
  const ws = checkout(text);
  const out = join(ws, '..', `${ws.split('/').pop()}.parses`);
  const env = { ...runnerEnv(inputs(), ws), PARSE_COUNT_OUT: out };
  const tsx = join(ROOT, 'node_modules/.bin/tsx');
  const run = await spawnTimed(tsx, [join(ROOT, 'bench/parse-count.ts')], env, ws).done;
  if (run.code !== 0) throw new Error(`the counted run failed:\n${run.out}`);
  return JSON.parse(readFileSync(out, 'utf8')) as { parses: number; toJS: number };
}

export async function benchValuesPublish(options: {
  quick: boolean;
  node24: string;
  dist: string;
}) {
  const { node24, dist } = options;
  const n = options.quick ? 3 : 7;
  const mirror = await startMirror();
  mirror.files.set(
    '/docs/site.tar.gz',
    tarGz([{ name: 'site/index.html', content: '<h1>docs</h1>\n' }]),
  );
  LINK = `${mirror.url}/docs/site.tar.gz`;
  const scratch = mkdtempSync(join(tmpdir(), 'bench-values-files-'));
  const cases = [
    { name: "argo-cd's values.yaml", text: readFileSync(join(FIXTURES, 'argo-cd.yaml'), 'utf8') },
    { name: 'umbrella of the six argo-helm charts', text: umbrellaValues() },
  ].map((c) => {
    const file = join(scratch, `${c.name.replace(/\W+/g, '-')}.yaml`);
    writeFileSync(file, c.text);
    return { ...c, file, runs: [] as Timed[], base: [] as Timed[] };
  });
  const small = smallValues();
  const smallRuns: Timed[] = [];
  for (let i = 0; i < n; i++) {
    smallRuns.push(await publish(node24, dist, small));
    for (const c of cases) {
      c.base.push(parseOnce(node24, c.file));
      c.runs.push(await publish(node24, dist, c.text));
    }
  }
  const rows: string[] = [];
  const results: Record<string, unknown> = { n, small: { bytes: small.length, runs: smallRuns } };
  const smallWall = median(smallRuns.map((r) => r.wall));
  const smallCpu = median(smallRuns.map((r) => r.cpu));
  rows.push(
    `| Publish with a given bundle-url, 1 KB values file (${small.length} B), whole run | ${mmm(stats(smallRuns.map((r) => r.wall)))} | — | — | no slower |`,
  );
  for (const c of cases) {
    const counted = await countParses(c.text);
    const added = c.runs.map((r) => r.wall - smallWall);
    const addedCpu = c.runs.map((r) => r.cpu - smallCpu);
    const base = stats(c.base.map((b) => b.wall));
    const baseCpu = stats(c.base.map((b) => b.cpu));
    results[c.name] = { bytes: c.text.length, runs: c.runs, base: c.base, counted };
    rows.push(
      `| ${c.name} (${Math.round(c.text.length / 1024)} KiB): added to a publish over the 1 KB file (wall; CPU) | ${mmm(stats(added))}; CPU ${mmm(stats(addedCpu))} | one parse + stringify, fresh process: ${mmm(base)}; CPU ${mmm(baseCpu)} | ${ratio(median(added), base.median)}; CPU ${ratio(median(addedCpu), baseCpu.median)} | ≤ 2× |`,
      `| ${c.name}: parses of the file's texts per run (whole-document toJS) | ${counted.parses} (${counted.toJS}) | one parse | ${counted.parses}× | 1 per text |`,
    );
  }
  await mirror.close();
  return { results, rows };
}
