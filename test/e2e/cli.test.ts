import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { tarGz } from '../../simulator/tar.js';
import { startExport } from '../../src/api/static-export.js';
import { redactLink } from '../../src/shared/secrets.js';
import { VERSION } from '../../src/shared/version.js';
import {
  BASIC,
  bundleUrlIn,
  cli,
  CLI,
  expectPlainLog,
  hasScript,
  mkdirFor,
  outputsOf,
  quick,
  ROOT,
  STAMP,
  withClient,
} from '../helpers/cli.js';
import { linkSignature, newWorkspace } from '../helpers/action.js';
import { startMirror } from '../helpers/mirror.js';
import { finishedAgentJob, sim } from '../helpers/sim.js';

describe.concurrent('static-export-helm (dist/cli under Node 24)', () => {
  it('publish: results on stdout, the values file edited in place, a plain log on stderr', async () => {
    const s = await sim({ export: quick });
    const ws = await newWorkspace({ 'values.yaml': BASIC });
    const run = await cli(
      [
        'publish',
        '--values-file',
        'values.yaml',
        '--domain',
        'https://Docs.Example.com/',
        '--version',
        '2026-11-22',
      ].concat(['--base-url', s.baseUrl]),
      { workspace: ws, key: s.apiKey },
    );
    expect(run.code, run.stderr).toBe(0);
    const values = await readFile(join(ws, 'values.yaml'), 'utf8');
    const link = bundleUrlIn(values);
    expect(values).toBe(
      BASIC.replace('  enabled: false  # flipped by CI', '  enabled: true   # flipped by CI')
        .replace('  bundleUrl: ""', `  bundleUrl: "${link}"`)
        .replace('  version: 2024-06-01', '  version: "2026-11-22"'),
    );
    const outputs = outputsOf(run.stdout);
    expect(outputs).toEqual({
      'job-id': expect.stringMatching(/^se_/),
      status: 'completed',
      'page-count': '7',
      'bundle-url': redactLink(link),
      'expires-at': expect.stringMatching(/^\d{4}-/),
      'size-bytes': expect.stringMatching(/^\d+$/),
      version: '2026-11-22',
      'values-file': 'values.yaml',
      'values-targets': JSON.stringify([
        { file: 'values.yaml', document: null, path: '', valuesKey: 'staticExport' },
      ]),
      'values-changed': 'true',
      'bundle-path': '',
      'bundle-sha256': '',
      'helm-revision': '',
      'helm-version': '',
      'refresh-by': outputs['expires-at'],
      verified: '',
      // No chart beside values.yaml and no helm-release: nothing to render.
      'render-check': 'skipped',
      proof: '[]',
      'rendered-charts': JSON.stringify([
        {
          target: 'values.yaml',
          skipped:
            "no chart in reach (set helm-release and helm-chart, or keep the values file beside its chart's Chart.yaml)",
        },
      ]),
      skipped: 'false',
      'refresh-from': '',
    });
    expect(outputs['bundle-url']).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/.+\?…$/);
    expectPlainLog(run.stderr);
    expect(run.stderr).toContain(
      'notice: Input "domain" normalised from "https://Docs.Example.com/" to "docs.example.com".',
    );
    expect(run.stderr).toMatch(/ Export 100% · 7 pages\n/);
    expect(run.stderr).toContain(
      `Published export job ${outputs['job-id']} (7 pages) to values.yaml.`,
    );
    expect(s.requestsFor('start-export')[0]!).toMatchObject({
      body: { domain: 'docs.example.com', version: '2026-11-22' },
      userAgent: `static-export-helm-cli/${VERSION}`,
    });
  });

  it('--json and --dotenv: one object on stdout and a GitLab dotenv report (republish by --job-id)', async () => {
    const s = await sim({ export: quick });
    const ws = await newWorkspace({ 'values.yaml': BASIC });
    const job = await withClient(s, (c) =>
      startExport(c, { domain: 'docs.example.com', paths: [] }),
    );
    const report = join(ws, 'out', 'publish.env');
    await mkdirFor(report);
    const run = await cli(
      [
        'publish',
        '--values-file',
        'values.yaml',
        '--job-id',
        job.jobId,
        '--base-url',
        s.baseUrl,
        '--json',
        '--dotenv',
        report,
      ].concat(
        // A fixed interval: the adaptive one may wait longer for a job attached mid-way.
        ['--poll-interval', '1s'],
      ),
      { workspace: ws, key: s.apiKey, dotenv: report },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.split('\n')).toHaveLength(2); // one line, then the final newline
    const json = JSON.parse(run.stdout) as Record<string, string>;
    expect(json).toMatchObject({ 'job-id': job.jobId, status: 'completed', 'page-count': '7' });
    const dotenv = await readFile(report, 'utf8');
    const lines = dotenv.trimEnd().split('\n');
    expect(lines).toHaveLength(Object.keys(json).length);
    for (const [name, value] of Object.entries(json)) {
      const key = `STATIC_EXPORT_${name.toUpperCase().replace(/-/g, '_')}`;
      expect(lines).toContain(`${key}=${value}`);
    }
    // GitLab reads KEY=VALUE lines, keys of letters, digits and underscores, and keeps quotes as
    // they are: nothing is quoted, and the JSON values (values-targets, rendered-charts) read back
    // as JSON.
    for (const line of lines) expect(line).toMatch(/^[A-Z][A-Z0-9_]*=[^\n]*$/);
    const jsonLine = /^STATIC_EXPORT_(VALUES_TARGETS|RENDERED_CHARTS)=/;
    for (const line of lines.filter((l) => !jsonLine.test(l)))
      expect(line).toMatch(/^[A-Z][A-Z0-9_]*=[^"'\n]*$/);
    const targets = lines.find((l) => l.startsWith('STATIC_EXPORT_VALUES_TARGETS='))!;
    expect(JSON.parse(targets.slice(targets.indexOf('=') + 1))).toEqual([
      { file: 'values.yaml', document: null, path: '', valuesKey: 'staticExport' },
    ]);
    expect(s.requestsFor('start-export')).toHaveLength(1);

    // A later run refused for a bad value, or an unknown option, leaves no stale success behind:
    // the report of the run above is emptied, not handed to the next job as this run's.
    for (const bad of [
      ['--timeout', '5parsecs'],
      ['--domian', 'docs.example.com'],
    ]) {
      const refused = await cli(
        [
          'publish',
          '--values-file',
          'values.yaml',
          '--domain',
          'docs.example.com',
          '--dotenv',
          report,
          ...bad,
        ],
        {
          workspace: ws,
          key: s.apiKey,
          dotenv: report,
        },
      );
      expect(refused.code, refused.stderr).toBe(2);
      expect(await readFile(report, 'utf8')).toBe('');
      await writeFile(report, dotenv);
    }
    // A mistyped --dotenv that names the values file: not a report, so it is left as it was.
    const values = await readFile(join(ws, 'values.yaml'), 'utf8');
    const typo = await cli(
      [
        'publish',
        '--values-file',
        'values.yaml',
        '--domain',
        'docs.example.com',
        '--dotenv',
        'values.yaml',
        '--timeout',
        'soon',
      ],
      { workspace: ws, key: s.apiKey },
    );
    expect(typo.code, typo.stderr).toBe(2);
    expect(await readFile(join(ws, 'values.yaml'), 'utf8')).toBe(values);
    expect(s.requestsFor('start-export')).toHaveLength(1);
  });

  it('--dry-run with --api-key-file: the diff with the link hidden, no file changed', async () => {
    const s = await sim({ export: quick });
    const ws = await newWorkspace({ 'values.yaml': BASIC });
    const keyDir = await mkdtemp(join(tmpdir(), 'cli-key-'));
    await writeFile(join(keyDir, 'key'), `${s.apiKey}\n`, { mode: 0o600 });
    const run = await cli(
      [
        'publish',
        '--values-file',
        'values.yaml',
        '--domain',
        'docs.example.com',
        '--base-url',
        s.baseUrl,
        '--dry-run',
      ].concat(['--api-key-file', join(keyDir, 'key')]),
      { workspace: ws, secrets: [s.apiKey] },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(await readFile(join(ws, 'values.yaml'), 'utf8')).toBe(BASIC);
    expect(outputsOf(run.stdout)).toMatchObject({ 'values-changed': 'true', status: 'completed' });
    expect(run.stderr).toMatch(
      /dry-run: values\.yaml would change \(enabled updated, bundleUrl updated/,
    );
    expect(run.stderr).toMatch(/\+ {2}bundleUrl: "http:\/\/127\.0\.0\.1:\d+\/[^"?]+\?…"/);
    expect(run.stderr).toContain('Dry run done: export job');
  });

  it('two --values-file: values-file is one line (a,b) on stdout and in --dotenv, the list in --json', async () => {
    const s = await sim({ export: quick });
    const ws = await newWorkspace({ 'a.yaml': BASIC, 'b.yaml': BASIC });
    const report = join(ws, 'publish.env');
    const base = ['publish', '--base-url', s.baseUrl, '--values-file', 'a.yaml'];
    const more = ['--values-file', 'b.yaml', '--domain', 'docs.example.com', '--dotenv', report];
    const run = await cli([...base, ...more], {
      workspace: ws,
      key: s.apiKey,
      dotenv: report,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).not.toContain('Unexpected error');
    expect(outputsOf(run.stdout)).toMatchObject({
      'values-file': 'a.yaml,b.yaml',
      'values-changed': 'true',
    });
    expect(await readFile(report, 'utf8')).toContain('STATIC_EXPORT_VALUES_FILE=a.yaml,b.yaml\n');
    const link = bundleUrlIn(await readFile(join(ws, 'a.yaml'), 'utf8'));
    expect(bundleUrlIn(await readFile(join(ws, 'b.yaml'), 'utf8'))).toBe(link);
    // --json keeps the value as the action's output has it: one file per line.
    const json = await cli(
      [...base, '--values-file', 'b.yaml', '--job-id', outputsOf(run.stdout)['job-id']!, '--json'],
      { workspace: ws, key: s.apiKey, secrets: linkSignature(link) },
    );
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ 'values-file': 'a.yaml\nb.yaml' });
  });

  it('--bundle-url: the closing line names bundle-url, not an export job', async () => {
    const archive = tarGz([{ name: 'site/index.html', content: '<h1>mirrored</h1>\n' }]);
    const m = await startMirror();
    m.files.set('/docs/site.tar.gz', archive);
    const ws = await newWorkspace({ 'c.yaml': BASIC });
    const run = await cli(
      ['publish', '--bundle-url', `${m.url}/docs/site.tar.gz`, '--values-file', 'c.yaml'],
      { workspace: ws, key: 'mint_unused_0123456789' },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).not.toContain('undefined');
    expect(run.stderr).toMatch(/ Published the bundle from bundle-url to c\.yaml\.\n/);
  });

  it('--bundle-url needs no key: MINTLIFY_ADMIN_KEY unset, published; a key that is set is still checked', async () => {
    const archive = tarGz([{ name: 'site/index.html', content: '<h1>mirrored</h1>\n' }]);
    const m = await startMirror();
    m.files.set('/docs/site.tar.gz', archive);
    const ws = await newWorkspace({ 'c.yaml': BASIC });
    const args = [
      'publish',
      '--bundle-url',
      `${m.url}/docs/site.tar.gz`,
      '--values-file',
      'c.yaml',
    ];
    const keyless = await cli(args, { workspace: ws });
    expect(keyless.code, keyless.stderr).toBe(0);
    expect(keyless.stderr).not.toContain('MINTLIFY_ADMIN_KEY');
    expect(keyless.stderr).toMatch(/ Published the bundle from bundle-url to c\.yaml\.\n/);
    expect(await readFile(join(ws, 'c.yaml'), 'utf8')).toContain(`${m.url}/docs/site.tar.gz`);
    const assistant = await cli(args, { workspace: ws, key: 'mint_dsc_0123456789abcdef' });
    expect(assistant.code).toBe(2);
    expect(assistant.stderr).toContain(
      'The key in MINTLIFY_ADMIN_KEY is a public assistant key (it starts with mint_dsc_).',
    );
  });

  /** `static-export-helm agent` following up on `jobId`, against the simulator. */
  const followUp = (s: Awaited<ReturnType<typeof sim>>, jobId: string, args: string[]) =>
    cli(
      ['agent', '--project-id', s.projectId, '--job-id', jobId, '--base-url', s.baseUrl, ...args],
      {
        key: s.apiKey,
      },
    );

  it('agent: a follow-up sent once, the job waited for, its outputs on stdout', async () => {
    const s = await sim({ agent: { activeMs: 300 } });
    const jobId = await finishedAgentJob(s, 'x');
    const run = await followUp(s, jobId, [
      '--prompt',
      'Document the new flag',
      '--prompt',
      'in the CLI reference.',
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(s.requestsFor('message')).toHaveLength(1);
    expect(s.requestsFor('message')[0]!.body).toEqual({
      prompt: 'Document the new flag\nin the CLI reference.',
    });
    expect(outputsOf(run.stdout)).toEqual({
      'job-id': jobId,
      status: 'completed',
      'pr-link': expect.stringMatching(/^https:\/\/github\.com\/acme\/docs\/pull\/\d+$/),
      model: 'claude-sonnet-4-5',
      repository: 'https://github.com/acme/docs',
      ref: expect.stringMatching(/^mintlify\/agent-/),
    });
    expectPlainLog(run.stderr);
    expect(run.stderr).toMatch(new RegExp(`Agent job ${jobId} took the follow-up up \\(`));
  });

  it('agent: a timeout before the job took the follow-up up says so, and gives no resume command (it would send again)', async () => {
    const s = await sim({ agent: { pickupMs: Infinity } });
    const jobId = await finishedAgentJob(s, 'x');
    const run = await followUp(s, jobId, ['--prompt', 'Fix the typo', '--timeout', '2s']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `Agent job ${jobId} did not finish within the timeout of 2s (it had not yet shown that it took the message up). The agent keeps working on the service; job-id: ${jobId}.`,
    );
    expect(run.stderr).not.toContain('last status');
    expect(run.stderr).not.toContain('To resume');
    expect(s.requestsFor('message')).toHaveLength(1);
  });

  it('a bad option, a bad value, a key on the command line, an input the files refuse: exit 2, nothing sent', async () => {
    const s = await sim({ export: quick });
    const base = ['publish', '--values-file', 'values.yaml', '--base-url', s.baseUrl];
    const typo = await cli([...base, '--domian', 'docs.example.com'], { key: s.apiKey });
    expect(typo.code).toBe(2);
    expect(typo.stderr).toBe(
      'static-export-helm: unknown option --domian (did you mean --domain?).\n' +
        'Usage: static-export-helm publish [options]   (static-export-helm publish --help lists them)\n',
    );
    const value = await cli([...base, '--domain', 'docs.example.com', '--timeout', 'soon'], {
      key: s.apiKey,
    });
    expect(value.code).toBe(2);
    expect(value.stderr).toMatch(
      /^static-export-helm publish: Input "timeout" \("soon"\) is not a duration\. Write a duration such as 90s, 30m or 1h30m, or a number of seconds\.\nUsage: static-export-helm publish \[options\]/,
    );
    const flag = await cli([...base, '--domain', 'docs.example.com', '--api-key', s.apiKey], {
      secrets: [s.apiKey],
    });
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain('--api-key is not an option');
    // An input the files refuse, once read (verify-url with a Flux HelmRelease): exit 2 as well.
    const release =
      'apiVersion: helm.toolkit.fluxcd.io/v2\nkind: HelmRelease\nmetadata: {name: docs}\nspec:\n  chart: {spec: {chart: docs}}\n  values: {}\n';
    const ws = await newWorkspace({ 'docs.yaml': release });
    const manifest = await cli(
      [
        'publish',
        '--base-url',
        s.baseUrl,
        '--domain',
        'docs.example.com',
        '--values-file',
        'docs.yaml',
        '--verify-url',
        'https://docs.example.com/',
      ],
      { key: s.apiKey, workspace: ws },
    );
    expect(manifest.code, manifest.stderr).toBe(2);
    expect(manifest.stderr).toContain(
      'Input "verify-url" is set, but values-file docs.yaml is a manifest',
    );
    expect(await readFile(join(ws, 'docs.yaml'), 'utf8')).toBe(release);
    for (const run of [typo, value, flag, manifest]) expect(run.stdout).toBe('');
    expect(s.requests).toHaveLength(0);
  });

  it('a missing key: exit 2 naming MINTLIFY_ADMIN_KEY, nothing sent; a malformed one is refused too', async () => {
    const s = await sim({ export: quick });
    const args = [
      'publish',
      '--values-file',
      'values.yaml',
      '--domain',
      'docs.example.com',
      '--base-url',
      s.baseUrl,
    ];
    const missing = await cli(args);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(
      /^static-export-helm publish: the environment variable MINTLIFY_ADMIN_KEY is not set\. Set MINTLIFY_ADMIN_KEY to the admin API key/,
    );
    const assistant = await cli(args, { key: 'mint_dsc_0123456789abcdef' });
    expect(assistant.code).toBe(2);
    expect(assistant.stderr).toContain(
      'The key in MINTLIFY_ADMIN_KEY is a public assistant key (it starts with mint_dsc_).',
    );
    expect(s.requests).toHaveLength(0);
  });

  // One after another, alone in this file: a stop timed against its signal is otherwise the
  // scheduler's figure, with the file's other runs on the two cores.
  it.sequential.each(['SIGINT', 'SIGTERM'] as const)(
    '%s while polling: exit 130, the values file untouched, the job id printed to resume',
    async (signal) => {
      const s = await sim({ export: { ...quick, outcome: 'never' } });
      const ws = await newWorkspace({ 'values.yaml': BASIC });
      let signalledAt = 0;
      const run = await cli(
        [
          'publish',
          '--values-file',
          'values.yaml',
          '--domain',
          'docs.example.com',
          '--base-url',
          s.baseUrl,
        ],
        {
          workspace: ws,
          key: s.apiKey,
          onStart: (child, stderr) => {
            const timer = setInterval(() => {
              if (!/ Export (queued|\d+%)/.test(stderr())) return;
              clearInterval(timer);
              signalledAt = Date.now();
              child.kill(signal);
            }, 20);
            child.on('close', () => clearInterval(timer));
          },
        },
      );
      expect(signalledAt).toBeGreaterThan(0);
      // The export never ends: the bound catches a run that waits for it, not a slow machine; how
      // promptly a run stops is measured with the cores quiet (reliability/cancel.test.ts).
      expect(run.exitedAt - signalledAt).toBeLessThan(15_000);
      expect(run.code, run.stderr).toBe(130);
      expect(await readFile(join(ws, 'values.yaml'), 'utf8')).toBe(BASIC);
      const jobId = outputsOf(run.stdout)['job-id']!;
      expect(jobId).toMatch(/^se_/);
      expect(run.stderr).toContain(`warning: Received ${signal}: stopping`);
      expect(run.stderr).toMatch(
        new RegExp(
          `error: Cancelled while waiting for export job ${jobId}.*values\\.yaml was not changed`,
        ),
      );
      expect(run.stderr).toContain(
        `To resume without starting over: static-export-helm publish --job-id ${jobId} (with the same other options).`,
      );
      expectPlainLog(run.stderr);
    },
  );

  it("the bundle holds no @actions/* code, and publishes under the test runner's Node too (20: engines >=20.18.1)", async () => {
    const bundle = readFileSync(CLI, 'utf8');
    expect(bundle.startsWith('#!/usr/bin/env node\n')).toBe(true);
    // The build lists every package bundled, in every chunk, in licenses.txt.
    const licenses = readFileSync(join(ROOT, 'dist/cli/licenses.txt'), 'utf8');
    expect(licenses).not.toContain('@actions/');
    expect(licenses).toMatch(/^yaml\nISC\n/m);
    expect(bundle).not.toContain('Unable to locate executable file'); // @actions/io
    expect(bundle).not.toContain('prepareKeyValueMessage'); // @actions/core
    // The code a run loads when it needs it is in chunks beside the bundle (<id>.index.js).
    expect(
      readdirSync(join(ROOT, 'dist/cli'))
        .filter((f) => !/^\d+\.index\.js$/.test(f))
        .sort(),
    ).toEqual(['index.js', 'licenses.txt', 'package.json']);
    const node20 = await cli(['--version'], { node: process.execPath });
    expect(node20.code).toBe(0);
    expect(node20.stdout).toBe(`${VERSION}\n`);
    // The whole flow, not only the start-up, on the Node that runs the tests (20 in this
    // repository's CI, the oldest the package accepts).
    const s = await sim({ export: quick });
    const ws = await newWorkspace({ 'values.yaml': BASIC });
    const dry = await cli(
      [
        'publish',
        '--values-file',
        'values.yaml',
        '--domain',
        'docs.example.com',
        '--base-url',
        s.baseUrl,
      ],
      {
        node: process.execPath,
        workspace: ws,
        key: s.apiKey,
      },
    );
    expect(dry.code, dry.stderr).toBe(0);
    expect(outputsOf(dry.stdout)['values-changed']).toBe('true');
  });

  it.skipIf(!hasScript())(
    'on a terminal (a pseudo-terminal from script(1)), progress is one line redrawn in place',
    async () => {
      const s = await sim({ export: quick });
      const ws = await newWorkspace({ 'values.yaml': BASIC });
      const command = [
        inject('node24'),
        CLI,
        'publish',
        '--values-file',
        'values.yaml',
        '--domain',
        'docs.example.com',
      ]
        .concat(['--base-url', s.baseUrl, '--dry-run'])
        .map((a) => `'${a}'`)
        .join(' ');
      // Not spawnSync: the simulator answers from this process's event loop.
      const child = spawn('script', ['-qfec', command, '/dev/null'], {
        cwd: ws,
        env: { PATH: process.env.PATH, HOME: process.env.HOME, MINTLIFY_ADMIN_KEY: s.apiKey },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
      const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
      const result = { status, stdout };
      expect(result.status, result.stdout).toBe(0);
      expect(result.stdout).toContain('\r\x1b[2K');
      expect(result.stdout).toMatch(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] Export \d+% · \d+ pages/);
      expect(result.stdout).not.toMatch(STAMP);
      expect(result.stdout).not.toContain(s.apiKey);
    },
  );
});
