/**
 * `npx tsx scripts/summary-screenshots.ts`: the job summary of two real runs of dist/index.js
 * against the service simulator (a publish of the demo chart with a daily schedule the watchdog
 * warns about, and a run refused because helm is not on PATH), rendered as GitHub renders a
 * summary (GitHub Flavored Markdown with its HTML, by micromark) and photographed by headless
 * Chromium into docs/images/. Needs `chromium` on PATH (apt-get install chromium).
 */
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import { startSimulator } from '../simulator/server.js';
import { runnerInputs } from './runner.js';
import { ensureTools } from './tools.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const tools = ensureTools(['node24', 'helm3']);

/** Runs the built action once in a new workspace; returns its job summary. */
async function summaryOf(given: Record<string, string>, withHelm: boolean): Promise<string> {
  const sim = await startSimulator({ export: { queuedMs: 200, runningMs: 1500, pageCount: 42 } });
  const ws = mkdtempSync(join(tmpdir(), 'summary-shot-'));
  cpSync(join(ROOT, 'examples/demo-chart'), ws, { recursive: true });
  copyFileSync(join(ROOT, 'examples/values.yaml'), join(ws, 'values.yaml'));
  mkdirSync(join(ws, '.github/workflows'), { recursive: true });
  writeFileSync(
    join(ws, '.github/workflows/publish-docs.yml'),
    "on:\n  schedule:\n    - cron: '17 3 * * *'\njobs: {}\n",
  );
  const summary = `${ws}.summary.md`;
  writeFileSync(summary, '');
  writeFileSync(`${ws}.out`, '');
  const inputs = runnerInputs({
    'api-key': sim.apiKey,
    domain: 'docs.example.com',
    'base-url': sim.baseUrl,
    'values-file': 'values.yaml',
    ...given,
  });
  // Not spawnSync: the simulator answers from this process's event loop.
  const child = spawn(tools.node24, [join(ROOT, 'dist/index.js')], {
    cwd: ws,
    stdio: 'ignore',
    env: {
      PATH: withHelm ? `${dirname(tools.helm3)}${delimiter}/usr/bin:/bin` : '/usr/bin:/bin',
      HOME: process.env.HOME,
      ...inputs,
      GITHUB_ACTIONS: 'true',
      GITHUB_WORKSPACE: ws,
      GITHUB_OUTPUT: `${ws}.out`,
      GITHUB_STEP_SUMMARY: summary,
      GITHUB_SERVER_URL: 'https://github.com',
      GITHUB_REPOSITORY: 'acme/docs',
      GITHUB_RUN_ID: '1',
      GITHUB_WORKFLOW_REF: 'acme/docs/.github/workflows/publish-docs.yml@refs/heads/main',
    },
  });
  const code = await new Promise<number | null>((done) => child.on('close', done));
  await sim.close();
  console.log(`exit ${code}: ${summary}`);
  return readFileSync(summary, 'utf8');
}

/** A page in GitHub's colours and type, the summary's HTML inside. */
function page(markdown: string): string {
  const html = micromark(markdown, {
    allowDangerousHtml: true,
    extensions: [gfm()],
    htmlExtensions: [gfmHtml()],
  });
  return `<!doctype html><meta charset="utf-8"><style>
body{font:14px/1.5 -apple-system,"Segoe UI","Noto Sans",Helvetica,Arial,sans-serif;color:#1f2328;margin:0;padding:16px 24px;width:860px;background:#fff}
h3{font-size:20px;margin:8px 0 16px;border-bottom:1px solid #d1d9e0;padding-bottom:6px}h4{font-size:16px;margin:20px 0 8px}
table{border-collapse:collapse;margin:8px 0}th,td{border:1px solid #d1d9e0;padding:6px 13px;text-align:left;vertical-align:top}th{background:#f6f8fa;text-align:center}
code{font:12px ui-monospace,SFMono-Regular,Menlo,monospace;background:#eff1f3;padding:2px 4px;border-radius:6px}
pre{background:#f6f8fa;padding:12px;border-radius:6px;overflow:auto}pre code{background:none;padding:0}
details{margin-top:12px}summary{cursor:pointer;font-weight:600}ul{padding-left:2em}
</style><body>${html}</body>`;
}

function shoot(markdown: string, name: string, height: number): void {
  const file = join(tmpdir(), `${name}.html`);
  writeFileSync(file, page(markdown));
  const out = join(ROOT, 'docs/images', `${name}.png`);
  mkdirSync(dirname(out), { recursive: true });
  execFileSync('chromium', [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--hide-scrollbars',
    `--window-size=908,${height}`,
    `--screenshot=${out}`,
    `file://${file}`,
  ]);
  console.log(`wrote ${out}`);
}

shoot(await summaryOf({}, true), 'summary-success', 770);
shoot(await summaryOf({ 'helm-release': 'docs' }, false), 'summary-refusal', 470);
