/**
 * Fuzzes the client and both pipelines with hostile service responses (test/helpers/hostile.ts):
 * truncated JSON, wrong types, huge and dripping bodies, redirects to another host, resets,
 * hangs, non-HTTP bytes, status codes the spec does not list, log-command injection in service
 * text. Every case must end in a success or a clear error — never an unhandled exception, a
 * stack trace, a hang past the deadline, a key sent to another host, a secret in the log, a
 * workflow command smuggled into the log, a torn values file or a leftover temporary file.
 *
 * In-process cases run the real pipelines over real HTTP; a slice of the cases runs the built
 * action under Node 24 (as a runner does). The seed is printed; FUZZ_SEED and FUZZ_RUNS replay.
 */
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ServiceClient } from '../../src/api/client.js';
import { followUp } from '../../src/agent/pipeline.js';
import { parseAgentInputs } from '../../src/agent/inputs.js';
import { parsePublishInputs } from '../../src/publish/inputs.js';
import type { Reporter } from '../../src/shared/logger.js';
import { publish } from '../../src/publish/pipeline.js';
import { describeFailure } from '../../src/entry/frame.js';
import {
  GITHUB_TOKEN,
  maskedValues,
  newWorkspace,
  runAgent,
  runPublish,
  secretForms,
} from '../helpers/action.js';
import { caseArb, startHostile, type HostileCase, type SeenRequest } from '../helpers/hostile.js';
import { pool } from '../helpers/pool.js';

const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const RUNS = Number(process.env.FUZZ_RUNS ?? 240);
const E2E_RUNS = Number(process.env.FUZZ_E2E_RUNS ?? 16);
const PARALLEL = 8;
const TIMEOUT_MS = 3000;
/**
 * A case that hangs is caught by the settle limit below (in process) or the kill at 20 s (end to
 * end), and fails. A run that goes on past its deadline is caught by when its requests started,
 * not by how long the run took: a loaded 2-core machine stretches a run's start-up (Node 24
 * spawning, 8.5 s for a case that failed at once) and teardown by seconds, but not the span
 * between its own requests. The client sends no request once its deadline (timeout, counted
 * from before its first request) has passed, so every request to the service or the storage
 * host arrives within the timeout of the first; REQUEST_LAG_MS allows for one request's own
 * delivery being late on a busy event loop (the client's 5 tries of 800 ms with back-off, were
 * they not cut at the deadline, would run seconds past it).
 */
const REQUEST_LAG_MS = 2000;

/** The requests (service and storage) that arrived after the run's deadline, counted from the first. */
function pastDeadline(h: { apiRequests: SeenRequest[]; storageRequests: SeenRequest[] }) {
  const all = [...h.apiRequests, ...h.storageRequests];
  if (all.length === 0) return [];
  const first = Math.min(...all.map((r) => r.at));
  return all
    .filter((r) => r.at - first > TIMEOUT_MS + REQUEST_LAG_MS)
    .map((r) => `${r.method} ${r.url} at +${Math.round(r.at - first)} ms`);
}
const ORIGINAL = '# docs chart\nreplicaCount: 2 # keep\nstaticExport:\n  enabled: false\n';

/** A line the runner would read as a workflow command. */
const COMMAND_LINE = /^\s*::[a-z-]+/im;
/** A link or part of one, percent-decoded ('+' as a space, as in a query), for comparison. */
function loose(text: string): string {
  const spaced = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/** A line of a JavaScript stack trace. */
const STACK_LINE = /^\s+at .+(:\d+:\d+\)?|\(native\)|<anonymous>\)?)$/m;

/** A reporter that masks what has been registered as secret, as the runner does. */
function maskingReporter(key: string): Reporter & { printed: string[] } {
  const masked = new Set<string>(secretForms(key));
  const printed: string[] = [];
  const print = (level: string) => (message: string) => {
    let text = message;
    for (const secret of [...masked].sort((a, b) => b.length - a.length))
      text = text.split(secret).join('***');
    printed.push(`${level}: ${text}`);
  };
  return {
    printed,
    debug: print('debug'),
    info: print('info'),
    notice: print('notice'),
    warning: print('warning'),
    group: (_name, fn) => fn(),
    secret: (value) => void masked.add(value),
  };
}

interface Outcome {
  index: number;
  ok: boolean;
  message?: string;
  ms: number;
  requests: number;
}

function expectNoLeak(text: string, secrets: string[], where: string) {
  for (const secret of secrets.filter((s) => s.length >= 6))
    for (const form of secretForms(secret))
      expect(text.includes(form), `${where} contains a secret (${form.slice(0, 10)}…)`).toBe(false);
}

/** The checks every case must pass, in process and end to end. */
async function checkFiles(workspace: string, ok: boolean, links: string[]) {
  const text = await readFile(join(workspace, 'values.yaml'), 'utf8');
  if (ok) {
    const data = parse(text) as { staticExport: { enabled: boolean; bundleUrl: string } };
    expect(data.staticExport.enabled).toBe(true);
    expect(links).toContain(data.staticExport.bundleUrl);
    expect(text.startsWith('# docs chart\nreplicaCount: 2 # keep\n')).toBe(true);
  } else {
    expect(text, 'a failed run changed the values file').toBe(ORIGINAL);
  }
  const left = (await readdir(workspace)).filter((name) => name !== 'values.yaml');
  expect(
    left.filter((name) => name !== 'bundle.tar.gz'),
    'files left behind',
  ).toEqual([]);
}

async function runCase(c: HostileCase, index: number): Promise<Outcome> {
  const h = await startHostile(c);
  const key = `mint_fuzz_${index.toString(16).padStart(6, '0')}_0123456789abcdef`;
  const workspace = await mkdtemp(join(tmpdir(), 'fuzz-'));
  await writeFile(join(workspace, 'values.yaml'), ORIGINAL);
  const reporter = maskingReporter(key);
  const client = new ServiceClient({
    baseUrl: h.baseUrl,
    apiKey: key,
    requestTimeoutMs: 800,
    logger: reporter,
  });
  const started = Date.now();
  let ok = false;
  let message: string | undefined;
  try {
    try {
      if (c.agent) {
        const { inputs } = parseAgentInputs(
          (name) =>
            ({
              'api-key': key,
              'project-id': 'proj_fuzz',
              prompt: 'Fix the broken links',
              'job-id': c.followUp ? 'aj_fuzz0001' : '',
              wait: 'true',
              timeout: `${TIMEOUT_MS / 1000}s`,
              'poll-interval': '1s',
              'base-url': h.baseUrl,
            })[name] ?? '',
        );
        await followUp(inputs, { reporter, client });
      } else {
        const { inputs } = parsePublishInputs(
          (name) =>
            ({
              'api-key': key,
              domain: 'docs.example.com',
              'values-file': 'values.yaml',
              'base-url': h.baseUrl,
              timeout: `${TIMEOUT_MS / 1000}s`,
              'poll-interval': '1s',
              'download-path': c.download ? 'bundle.tar.gz' : '',
              'dry-run': 'false',
            })[name] ?? '',
          workspace,
        );
        await publish(inputs, { reporter, client });
      }
      ok = true;
    } catch (error) {
      message = describeFailure(error);
    } finally {
      await client.close();
    }
    const ms = Date.now() - started;
    const context = `case ${index} (FUZZ_SEED=${SEED}): ${JSON.stringify(c)}\n${message ?? 'success'}`;
    // No request after the deadline (REQUEST_LAG_MS): the run stops working when its time is up.
    expect(pastDeadline(h), context).toEqual([]);
    if (message !== undefined) {
      expect(message, context).not.toMatch(/^Unexpected error/);
      expect(message, context).not.toMatch(STACK_LINE);
      expect(message.length, context).toBeGreaterThan(20);
      expect(message.length, context).toBeLessThan(1500);
      expect(message, context).not.toMatch(COMMAND_LINE);
      expectNoLeak(message, [key, ...h.signatures, ...h.links], 'the failure message');
    }
    for (const line of reporter.printed) {
      expect(line.replace(/^\w+: /, ''), `${context}\nlogged: ${line}`).not.toMatch(COMMAND_LINE);
      expect(line, context).not.toMatch(STACK_LINE);
    }
    expectNoLeak(reporter.printed.join('\n'), [key, ...h.signatures], 'the log');
    // The key never reaches the storage host, whatever the redirects.
    for (const r of h.storageRequests) {
      expectNoLeak(JSON.stringify(r), [key], `a request to the storage host (${r.url})`);
    }
    if (!c.agent) await checkFiles(workspace, ok, h.links);
    expect(({} as Record<string, unknown>).polluted, 'Object.prototype was polluted').toBe(
      undefined,
    );
    return { index, ok, message, ms, requests: h.apiRequests.length };
  } finally {
    await h.close();
  }
}

/**
 * A case that never settles would otherwise end as the whole test's time-out, naming nothing: this
 * fails it with its seed and index after the deadline plus a generous margin.
 */
function settled<T>(run: Promise<T>, index: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const stuck = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new Error(
            `case ${index} (FUZZ_SEED=${SEED}) did not settle within ${TIMEOUT_MS + 30_000} ms`,
          ),
        ),
      TIMEOUT_MS + 30_000,
    );
  });
  return Promise.race([run, stuck]).finally(() => clearTimeout(timer));
}

describe('hostile service responses', () => {
  it(
    `${RUNS} generated cases through both pipelines end in a success or a clear error`,
    {
      timeout: 180_000,
    },
    async () => {
      const cases = fc.sample(caseArb, { seed: SEED, numRuns: RUNS });
      const outcomes = await pool(cases.length, (i) => settled(runCase(cases[i]!, i), i), PARALLEL);
      const succeeded = outcomes.filter((o) => o.ok).length;
      const kinds = new Map<string, number>();
      for (const o of outcomes) {
        const key = o.ok
          ? 'success'
          : (/^(?:[^:]*: )?(.{0,60})/.exec(o.message!.replace(/se_\w+|aj_\w+|\d+/g, 'N'))?.[1] ??
            '');
        kinds.set(key, (kinds.get(key) ?? 0) + 1);
      }
      const responses = cases.reduce((n, c) => n + c.plan.length, 0);
      const slowest = Math.max(...outcomes.map((o) => o.ms));
      console.log(
        `hostile fuzz (FUZZ_SEED=${SEED}): ${RUNS} cases, ${responses} planned responses, ${outcomes.reduce((n, o) => n + o.requests, 0)} requests answered; ${succeeded} succeeded, ${RUNS - succeeded} failed with a clear error; slowest ${slowest} ms (deadline ${TIMEOUT_MS} ms); 0 unhandled, 0 leaks, 0 torn files`,
      );
      console.log(
        [...kinds.entries()]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 12)
          .map(([k, n]) => `  ${n} × ${k}`)
          .join('\n'),
      );
      // The generator must reach both ends: some cases succeed, most do not.
      expect(succeeded).toBeGreaterThan(0);
      expect(succeeded).toBeLessThan(RUNS);
    },
  );

  it(
    `${E2E_RUNS} generated cases against the built action under Node 24`,
    {
      timeout: 120_000,
    },
    async () => {
      const cases = fc.sample(caseArb, { seed: SEED + 1, numRuns: E2E_RUNS });
      const outcomes = await pool(
        cases.length,
        async (i) => {
          const c = { ...cases[i]!, agent: i % 4 === 3 };
          const h = await startHostile(c);
          const key = `mint_fuzz_e2e_${i}_0123456789abcdef`;
          try {
            const service = { apiKey: key, baseUrl: h.baseUrl };
            const workspace = await newWorkspace({ 'values.yaml': ORIGINAL });
            const limits = { timeout: `${TIMEOUT_MS / 1000}s`, 'poll-interval': '1s' };
            const run = c.agent
              ? await runAgent(
                  { ...service, projectId: 'proj_fuzz' },
                  {
                    workspace,
                    inputs: {
                      prompt: 'Fix the broken links',
                      'job-id': c.followUp ? 'aj_fuzz0001' : '',
                      ...limits,
                    },
                    timeoutMs: 20_000,
                  },
                )
              : await runPublish(service, {
                  workspace,
                  inputs: { ...limits, 'download-path': c.download ? 'bundle.tar.gz' : '' },
                  secrets: h.signatures,
                  timeoutMs: 20_000,
                });
            const context = `e2e case ${i} (FUZZ_SEED=${SEED}): ${JSON.stringify(c)}\n${run.stdout}\n${run.stderr}`;
            expect(run.signal, context).toBe(null);
            expect([0, 1], context).toContain(run.code);
            // No request after the deadline; the spawn's own time is not the run's to answer for.
            expect(pastDeadline(h), context).toEqual([]);
            expect(`${run.stdout}\n${run.stderr}`, context).not.toMatch(STACK_LINE);
            // Only the action's own commands: no line smuggled in by the service.
            const commands = run.stdout.split('\n').filter((l) => /^\s*::/.test(l));
            for (const line of commands)
              expect(line, context).toMatch(
                /^::(add-mask|debug|group|endgroup|notice|warning|error)::/,
              );
            // Nothing the service sent became a command of its own, not even an allowed one.
            for (const line of commands)
              expect(line, context).not.toMatch(/^::[a-z-]+::(injected\b|x$)/);
            // Only the key, the job's GitHub token (the agent masks it when it announces the job
            // on its pull request) and parts of the links the service issued are masked: a value
            // the service smuggled into an ::add-mask:: would hide arbitrary text from the log.
            const masked = maskedValues(run.stdout);
            expect(masked, context).toContain(key);
            for (const value of masked) {
              const fromLink = h.links.some((link) => loose(link).includes(loose(value)));
              const ours = value === key || value === GITHUB_TOKEN;
              expect(ours || (value.length >= 6 && fromLink), `${value}\n${context}`).toBe(true);
            }
            if (run.code === 1) {
              const error = commands.filter((l) => l.startsWith('::error::'));
              expect(error, context).toHaveLength(1);
              expect(error[0], context).not.toMatch(/Unexpected error/);
            }
            for (const r of h.storageRequests)
              expectNoLeak(JSON.stringify(r), [key], `a request to the storage host (${r.url})`);
            if (!c.agent) await checkFiles(workspace, run.code === 0, h.links);
            return run.code;
          } finally {
            await h.close();
          }
        },
        PARALLEL,
      );
      console.log(
        `hostile fuzz, built action (FUZZ_SEED=${SEED}): ${E2E_RUNS} runs, ${outcomes.filter((c) => c === 0).length} succeeded, ${outcomes.filter((c) => c === 1).length} failed with one ::error:: line`,
      );
    },
  );
});
