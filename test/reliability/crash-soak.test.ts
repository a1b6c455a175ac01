/**
 * The built action under Node 24 against the simulator, many times over:
 * - crash consistency: SIGKILL at random moments, many of them around the values write; after
 *   every run the values file is byte for byte the old content or the complete new one;
 * - soak: consecutive runs with 20 % of API requests meeting an injected fault (5xx pages, 503 and
 *   429 with Retry-After, connection resets): successes and retries counted, and how long each
 *   process takes to exit after its last request printed (not bounded: it is time on a loaded
 *   machine).
 * Figures are printed; docs/reliability.md says what each suite proves and how to run it.
 */
import { watch } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { seededRandom } from '../../simulator/random.js';
import { planValuesEdit } from '../../src/values/edit.js';
import { newWorkspace, runPublish } from '../helpers/action.js';
import { pool } from '../helpers/pool.js';
import { sim } from '../helpers/sim.js';

const CRASH_RUNS = Number(process.env.CRASH_RUNS ?? 40);
const SOAK_RUNS = Number(process.env.SOAK_RUNS ?? 150);
const PARALLEL = 6;
const MODES = ['anywhere', 'after-announcement', 'temp-file'] as const;
const pick = (random: () => number) => MODES[Math.floor(random() * MODES.length)]!;

/**
 * A values file of ~160 KiB, so that the edit and write take long enough to be hit by a kill (its
 * plan alone takes about a third of a second here); larger costs each run more CPU than it adds.
 */
function bigValues(): string {
  const lines = [
    '# generated for the crash test',
    'staticExport:',
    '  enabled: false',
    "  bundleUrl: ''",
  ];
  for (let i = 0; lines.length < 6_000; i++) {
    lines.push(
      `svc${i}:`,
      `  image: "registry.example.com/s${i}:1.${i}"  # pinned`,
      `  ports: [80, ${8000 + i}]`,
    );
  }
  return `${lines.join('\n')}\n`;
}

describe('reliability of the built action', () => {
  it(
    `crash consistency: ${CRASH_RUNS} runs killed with SIGKILL`,
    { timeout: 240_000 },
    async () => {
      const original = bigValues();
      const s = await sim({ export: { queuedMs: 0, runningMs: 150 } });
      const inputs = { 'poll-interval': '1s' };
      // How long an undisturbed run takes, to aim the kills.
      let markerAt = 0;
      const reference = await runPublish(s, {
        values: original,
        inputs,
        onStart: (child, output) => {
          const t0 = Date.now();
          const watch = setInterval(() => {
            if (output().includes('::group::Update values.yaml')) {
              markerAt = Date.now() - t0;
              clearInterval(watch);
            }
          }, 1);
          child.once('exit', () => clearInterval(watch));
        },
      });
      // From the announcement of the edit to the end of the run: where the write happens.
      const window = Math.max(20, reference.durationMs - markerAt);
      expect(reference.code, reference.stdout).toBe(0);
      const random = seededRandom(Number(process.env.CRASH_SEED ?? 8));
      const outcomes = await pool(
        CRASH_RUNS,
        async () => {
          const ws = await newWorkspace({ 'values.yaml': original });
          // A third of the kills anywhere in the run; a third aimed at the values edit and write
          // (a random time after the action announces it, within 2x how long the rest of a run
          // takes); a third the instant the temporary file of the atomic write appears (inotify).
          const mode = pick(random);
          const delay =
            mode === 'anywhere' ? random() * reference.durationMs : random() * window * 2;
          let atTempFile = false;
          const run = await runPublish(s, {
            workspace: ws,
            inputs,
            onStart: (child, output) => {
              if (mode === 'temp-file') {
                const watcher = watch(ws, (_event, name) => {
                  if (name?.endsWith('.tmp') && !atTempFile) {
                    atTempFile = true;
                    child.kill('SIGKILL');
                  }
                });
                child.once('exit', () => watcher.close());
                return;
              }
              const kill = () => setTimeout(() => child.kill('SIGKILL'), delay);
              if (mode === 'anywhere') return void kill();
              const timer = setInterval(() => {
                if (output().includes('::group::Update values.yaml')) {
                  clearInterval(timer);
                  kill();
                }
              }, 1);
              child.once('exit', () => clearInterval(timer));
            },
          });
          const now = await readFile(join(ws, 'values.yaml'), 'utf8');
          const leftovers = (await readdir(ws)).filter((f) => f !== 'values.yaml');
          // A run killed mid-write may leave its temporary file: the next run removes it.
          let afterNextRun: string[] = [];
          if (leftovers.length > 0) {
            const next = await runPublish(s, { workspace: ws, inputs });
            expect(next.code, next.stdout).toBe(0);
            expect(next.stdout).toContain('left next to values.yaml by an interrupted run');
            afterNextRun = (await readdir(ws)).filter((f) => f !== 'values.yaml');
          }
          if (now === original)
            return {
              state: 'old' as const,
              killed: run.signal === 'SIGKILL',
              atTempFile,
              leftovers,
              afterNextRun,
            };
          // Otherwise it must be exactly the edit of the original with the link it contains.
          const written = parse(now) as { staticExport: { bundleUrl: string } };
          const expected = planValuesEdit(original, {
            enabled: true,
            bundleUrl: written.staticExport.bundleUrl,
            version: undefined,
          }).text;
          return {
            state: now === expected ? ('new' as const) : ('torn' as const),
            killed: run.signal === 'SIGKILL',
            atTempFile,
            leftovers,
            afterNextRun,
          };
        },
        3,
      );
      const count = (state: string) => outcomes.filter((o) => o.state === state).length;
      const figures = {
        runs: CRASH_RUNS,
        killed: outcomes.filter((o) => o.killed).length,
        killedAsTheTempFileAppeared: outcomes.filter((o) => o.atTempFile).length,
        old: count('old'),
        new: count('new'),
        torn: count('torn'),
        leftoverTempFiles: outcomes.reduce((n, o) => n + o.leftovers.length, 0),
        leftAfterTheNextRun: outcomes.reduce((n, o) => n + o.afterNextRun.length, 0),
      };
      console.log(`crash consistency: ${JSON.stringify(figures)}`);
      expect(figures.torn).toBe(0);
      expect(figures.killed).toBeGreaterThan(CRASH_RUNS / 2);
      expect(figures.old).toBeGreaterThan(0);
      // The suite must really have killed runs in the middle of the atomic write.
      expect(figures.killedAsTheTempFileAppeared).toBeGreaterThan(CRASH_RUNS / 6);
      // A kill between the temporary file and the rename can leave `.values.yaml.<pid>.<hex>.tmp`;
      // anything else in the workspace would be a bug.
      for (const o of outcomes)
        for (const f of o.leftovers) expect(f).toMatch(/^\.values\.yaml\.\d+\.[0-9a-f]{8}\.tmp$/);
      expect(figures.leftAfterTheNextRun).toBe(0);
    },
  );

  it(`soak: ${SOAK_RUNS} runs with 20 % injected faults`, { timeout: 600_000 }, async () => {
    const s = await sim({ export: { queuedMs: 0, runningMs: 100 }, faultRate: 0.2, seed: 20 });
    const inputs = { timeout: '60s', 'poll-interval': '1s' };
    const runs = await pool(
      SOAK_RUNS,
      async (i) => {
        // A domain of its own, so that this run's start requests can be told from the others'.
        const domain = `run${i}.docs.example.com`;
        const run = await runPublish(s, {
          values: 'replicaCount: 1\n',
          inputs: { ...inputs, domain },
          timeoutMs: 90_000,
        });
        const ws = run.workspace;
        const retries = (run.stdout.match(/^::debug::.*; retry \d+\/\d+ in \d+ ms$/gm) ?? [])
          .length;
        const errors = run.stdout.split('\n').filter((l) => l.startsWith('::error::'));
        const ended = run.exitedAt;
        // The last request this run sent (the simulator records every one, with its time): its
        // start requests (a run that failed there has no job id) and those naming its job.
        const jobId = run.outputs['job-id'];
        const mine = s.requests.filter(
          (r) =>
            (jobId && r.path.includes(jobId)) ||
            (r.op === 'start-export' && (r.body as { domain?: string })?.domain === domain),
        );
        expect(mine.length, 'requests of this run').toBeGreaterThan(0);
        const last = Math.max(...mine.map((r) => r.at));
        // A success is a finished publish, not just exit code 0: outputs set, values written.
        if (run.code === 0) {
          expect(run.outputs['bundle-url'], run.stdout).toMatch(/^http/);
          expect(await readFile(join(ws, 'values.yaml'), 'utf8'), run.stdout).toContain(
            'enabled: true',
          );
        }
        return {
          code: run.code,
          signal: run.signal,
          retries,
          errors,
          stderr: run.stderr,
          exitAfterLastRequestMs: ended - last,
          ms: run.durationMs,
        };
      },
      PARALLEL,
    );
    const faults = s.requests.filter((r) => r.fault !== undefined).length;
    const exitLag = runs.map((r) => r.exitAfterLastRequestMs).sort((a, b) => a - b);
    const figures = {
      runs: SOAK_RUNS,
      succeeded: runs.filter((r) => r.code === 0).length,
      failed: runs.filter((r) => r.code !== 0).length,
      requests: s.requests.length,
      faultsInjected: faults,
      retriesLogged: runs.reduce((n, r) => n + r.retries, 0),
      exitAfterLastRequestMs: {
        median: exitLag[Math.floor(exitLag.length / 2)],
        max: exitLag.at(-1),
      },
      killedByTimeout: runs.filter((r) => r.signal !== null).length,
      failedOnStart: runs.filter((r) => r.errors[0]?.startsWith('::error::start export job: '))
        .length,
      failedAfter5Attempts: runs.filter((r) => r.errors[0]?.includes('gave up after 5 attempts'))
        .length,
      failures: [...new Set(runs.flatMap((r) => r.errors.map((e) => e.slice(9, 90))))],
    };
    console.log(`soak: ${JSON.stringify(figures)}`);
    expect(figures.killedByTimeout).toBe(0);
    expect(figures.faultsInjected).toBeGreaterThan(SOAK_RUNS * 0.2);
    // Most runs succeed through retries. A run may fail only where retrying would be unsafe (a
    // start-export that may have been acted on: a reset or a 502 after the request was sent), or
    // where a repeatable request met a fault on all 5 attempts (at 20 % that is 1 in 3,125 calls,
    // and a soak makes about 1,500); it must then end with one clear error naming the operation,
    // and no stack trace.
    expect(figures.succeeded).toBeGreaterThan(SOAK_RUNS * 0.8);
    expect(figures.retriesLogged).toBeGreaterThan(0);
    for (const r of runs.filter((x) => x.code !== 0)) {
      expect(r.errors).toHaveLength(1);
      expect(r.errors[0]).toMatch(
        /^::error::(start export job: |(get export job|generate bundle for export job) se_\w+: .*; gave up after 5 attempts\.)/,
      );
      expect(`${r.errors[0]}\n${r.stderr}`).not.toMatch(/\n\s+at /);
    }
    // How long each process took to exit after its last request is printed above, not asserted:
    // a dangling socket or timer (undici keeps an idle socket 4 s) shows only as time, and the
    // time a process takes to exit on a loaded 2-core machine (six runs at once beside other
    // work) is what the guide says a test must not bound. Nothing else the process or the
    // simulator sees tells a dangling handle from a slow exit: the sockets close either way
    // before the exit is seen. What closes the clients is the run frame (src/entry/frame.ts).
  });
});
