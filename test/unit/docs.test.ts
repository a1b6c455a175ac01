import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import {
  checkLinks,
  checkPaths,
  docFiles,
  headingAnchors,
  markers,
  missingTables,
  relativeLinks,
  renderDoc,
  renderReadme,
  renderTable,
} from '../../scripts/docs.mjs';
import {
  checkOwnInputs,
  lintWorkflows,
  repositoryWorkflows,
  workflowsInMarkdown,
} from '../../scripts/lint-workflows.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

type ActionFile = {
  inputs: Record<string, { default?: string; required?: boolean; description: string }>;
  outputs: Record<string, { description: string }>;
};

describe('generated blocks of the docs (npm run docs)', () => {
  it('every doc with generated blocks is up to date with the files they name', async () => {
    const withMarkers = docFiles().filter((doc) => markers(read(doc)).length > 0);
    expect(withMarkers).toEqual(expect.arrayContaining(['README.md', 'agent/README.md']));
    for (const doc of withMarkers) {
      const text = read(doc);
      expect(await renderDoc(text, read, doc), `run "npm run docs" and commit ${doc}`).toBe(text);
    }
  });

  it('an input added to action.yml without regenerating makes the check fail', async () => {
    const readme = read('README.md');
    const action = parse(read('action.yml')) as { inputs: Record<string, unknown> };
    action.inputs['brand-new-input'] = { description: 'Added in a test.', default: 'x' };
    const changed = stringify(action);
    const rendered = await renderReadme(readme, (file) =>
      file === 'action.yml' ? changed : read(file),
    );
    expect(rendered).not.toBe(readme);
    expect(rendered).toMatch(/\| `brand-new-input` +\| `x` +\| Added in a test\. +\|/);
  });

  it('an output added to agent/action.yml changes agent/README.md, not the root README', async () => {
    const agent = parse(read('agent/action.yml')) as ActionFile;
    agent.outputs['brand-new-output'] = { description: 'Added in a test.' };
    const changed = stringify(agent);
    const readFile = (file: string) => (file === 'agent/action.yml' ? changed : read(file));
    const agentReadme = read('agent/README.md');
    expect(await renderDoc(agentReadme, readFile, 'agent/README.md')).toMatch(
      /\| `brand-new-output` +\| Added in a test\. +\|/,
    );
    const readme = read('README.md');
    expect(await renderDoc(readme, readFile, 'README.md')).toBe(readme);
  });

  it('a changed example workflow makes the doc that shows it stale', async () => {
    const doc = read('agent/README.md');
    expect(markers(doc)).toContainEqual({
      kind: 'example',
      file: 'examples/workflows/agent-follow-up.yml',
    });
    const rendered = await renderDoc(
      doc,
      (file) =>
        file === 'examples/workflows/agent-follow-up.yml'
          ? read(file).replace('timeout: 30m', 'timeout: 25m')
          : read(file),
      'agent/README.md',
    );
    expect(rendered).not.toBe(doc);
    expect(rendered).toContain('timeout: 25m');
  });

  it('each action file is documented in its own README, with every input, default and output', () => {
    expect(missingTables()).toEqual([]);
    const places = { 'action.yml': 'README.md', 'agent/action.yml': 'agent/README.md' };
    for (const [file, doc] of Object.entries(places)) {
      const text = read(doc);
      const action = parse(read(file)) as ActionFile;
      for (const [name, spec] of Object.entries(action.inputs)) {
        expect(spec.description.length, `${file} ${name} has a description`).toBeGreaterThan(10);
        expect(
          spec.required === true || spec.default !== undefined,
          `${file} ${name} default`,
        ).toBe(true);
        expect(text).toContain(`| \`${name}\``);
      }
      for (const name of Object.keys(action.outputs)) expect(text).toContain(`| \`${name}\``);
    }
    // The agent's tables moved out of the root README: its own inputs are not listed there.
    expect(read('README.md')).not.toContain('| `project-id`');
  });

  it('a README without the tables of its action file is reported', () => {
    const missing = missingTables((file) =>
      file === 'agent/README.md' ? '# Agent\n' : read(file),
    );
    expect(missing).toEqual([
      'agent/README.md has no <!-- generated: inputs agent/action.yml --> block',
      'agent/README.md has no <!-- generated: outputs agent/action.yml --> block',
    ]);
  });

  it('renders defaults, required inputs and pipes in descriptions', () => {
    const table = renderTable(
      'inputs:\n  a:\n    description: one | two\n    required: true\n  b:\n    description: x\n    default: "3"\n',
      'inputs',
    );
    expect(table.split('\n')).toEqual([
      '| Input | Default | Description |',
      '|---|---|---|',
      '| `a` | **required** | one \\| two |',
      '| `b` | `3` | x |',
    ]);
  });

  it('the README stays at most 25 KB', () => {
    expect(Buffer.byteLength(read('README.md'))).toBeLessThanOrEqual(25_000);
  });
});

describe('relative links in the docs', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });
  const tree = (files: Record<string, string>) => {
    dir = mkdtempSync(join(tmpdir(), 'docs-links-'));
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, name)), { recursive: true });
      writeFileSync(join(dir, name), text);
    }
    return dir;
  };

  it('every relative link of README.md, agent/README.md and docs/*.md resolves', () => {
    const files = docFiles();
    expect(files).toEqual(
      expect.arrayContaining([
        'README.md',
        'agent/README.md',
        'docs/service.md',
        'docs/errors.md',
        'docs/helm.md',
        'docs/reliability.md',
        'docs/performance.md',
        'docs/deployments.md',
      ]),
    );
    expect(checkLinks(files)).toEqual([]);
  });

  it('reports a missing file, a missing anchor and a link out of the repository', () => {
    const root = tree({
      'README.md': [
        '# Title',
        '',
        'See [the guide](docs/guide.md#set-up), [gone](docs/gone.md), [here](#title),',
        '[nowhere](#nowhere), [up](../outside.md) and [the web](https://example.com/x.md).',
        '',
        '```md',
        '[in a code block](not-checked.md)',
        '```',
        '',
        'Inline `[code](not-checked-either.md)` and [a folder](docs/).',
        '',
        '[ref]: docs/guide.md#missing-heading',
      ].join('\n'),
      'docs/guide.md': '# Guide\n\n## Set-up\n\nBack to [the README](../README.md#title).\n',
    });
    expect(checkLinks(['README.md', 'docs/guide.md'], root)).toEqual([
      'README.md:3: link "docs/gone.md" points at docs/gone.md, which does not exist',
      'README.md:4: link "#nowhere": README.md has no heading with the anchor #nowhere',
      'README.md:4: link "../outside.md" points outside the repository',
      'README.md:12: link "docs/guide.md#missing-heading": docs/guide.md has no heading with the anchor #missing-heading',
    ]);
  });

  it('finds inline and reference links, skipping code and absolute addresses', () => {
    const links = relativeLinks(
      'a [x](one.md) b ![img](pic.png "title") `[no](code.md)` [web](http://x.y)\n\n[r]: <two.md>\n',
    );
    expect(links).toEqual([
      { target: 'one.md', line: 1 },
      { target: 'pic.png', line: 1 },
      { target: 'two.md', line: 3 },
    ]);
  });

  it('computes heading anchors as GitHub does', () => {
    const anchors = headingAnchors(
      [
        '# Agent follow-up (`agent/` sub-action)',
        '## Staging → production',
        "## The chart's values",
        '## Notes',
        '## Notes',
        '```sh',
        '# not a heading',
        '```',
      ].join('\n'),
    );
    expect([...anchors]).toEqual([
      'agent-follow-up-agent-sub-action',
      'staging--production',
      'the-charts-values',
      'notes',
      'notes-1',
    ]);
  });
});

describe('paths the docs name in code', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('every path of the repository that the docs name exists', () => {
    expect(checkPaths(docFiles())).toEqual([]);
  });

  it('reports a path that is gone, and a file a folder row names that is not in the folder', () => {
    dir = mkdtempSync(join(tmpdir(), 'docs-paths-'));
    for (const file of ['src/shared/version.ts', 'src/entry/action/main.ts', 'scripts/build.mjs']) {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      writeFileSync(join(dir, file), '');
    }
    writeFileSync(
      join(dir, 'CONTRIBUTING.md'),
      [
        '# Contributing',
        '',
        'It sets the version in `src/shared/version.ts` and `src/version.ts`, built by `scripts/`.',
        '',
        '| Path | What it is |',
        '| --- | --- |',
        '| `src/entry/` | In each door, `main.ts` exports main; `index.ts` is the entry. |',
        '| `scripts/` | `build.mjs`, `docs.mjs`. |',
        '',
        'Placeholders are left alone: `src/<folder>/`, `docs/*.md`, `test/…`, `charts/x.yaml`.',
        '',
        '```sh',
        'cat src/gone.ts `src/gone.ts`',
        '```',
      ].join('\n'),
    );
    expect(checkPaths(['CONTRIBUTING.md'], dir)).toEqual([
      'CONTRIBUTING.md:3: `src/version.ts` names a path that does not exist',
      'CONTRIBUTING.md:7: `index.ts` is not a file in src/entry/',
      'CONTRIBUTING.md:8: `docs.mjs` is not a file in scripts/',
    ]);
  });
});

describe('workflows pass actionlint', () => {
  it('the repository workflows, the examples and every workflow in the docs are clean', async () => {
    const workflows = repositoryWorkflows();
    const names = workflows.map((w) => w.name);
    expect(names).toEqual(
      expect.arrayContaining([
        '.github/workflows/ci.yml',
        '.github/workflows/publish.yml',
        'examples/workflows/many-sites.yml',
        'examples/workflows/many-sites-reusable.yml',
        'examples/workflows/mirror.yml',
        'examples/workflows/publish-and-verify.yml',
      ]),
    );
    expect(names.filter((n) => n.startsWith('examples/workflows/')).length).toBeGreaterThanOrEqual(
      7,
    );
    expect(names.some((n) => n.startsWith('agent/README.md:'))).toBe(true);
    expect(await lintWorkflows(workflows)).toEqual([]);
    expect(checkOwnInputs(workflows)).toEqual([]);
  });

  it('the example workflows and the agent review loop doc are linted, and say the same', () => {
    const names = repositoryWorkflows().map((w) => w.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'examples/workflows/agent-follow-up.yml',
        'examples/workflows/agent-review-loop.yml',
      ]),
    );
    expect(names.filter((n) => n.startsWith('docs/agent-review-loop.md:'))).toHaveLength(2);
    const shown = (
      workflowsInMarkdown(read('docs/agent-review-loop.md')) as { text: string }[]
    ).map((w) => w.text);
    expect(shown).toEqual([
      read('examples/workflows/agent-follow-up.yml'),
      read('examples/workflows/agent-review-loop.yml'),
    ]);
    const loop = parse(read('examples/workflows/agent-review-loop.yml')) as Record<string, unknown>;
    // actions: read: a sweep asks whether the run behind a claim that never reported stopped;
    // contents: write: the claims are git refs.
    expect(loop.permissions).toEqual({
      contents: 'write',
      'pull-requests': 'write',
      issues: 'write',
      actions: 'read',
    });
    expect(loop.on).toEqual({
      // Edits too: an instruction edited after its send is answered (the edit was not sent).
      issue_comment: { types: ['created', 'edited'] },
      pull_request_review: { types: ['submitted', 'edited'] },
      pull_request_review_comment: { types: ['edited'] },
      // A closed pull request's claims are deleted.
      pull_request: { types: ['closed'] },
    });
    // One group per pull request, read from either payload.
    // On the job: a run its `if:` skips never joins the group, so it cancels no pending run.
    expect(loop.concurrency).toBeUndefined();
    const job = (loop.jobs as Record<string, Record<string, unknown>>)['follow-up']!;
    expect(job.concurrency).toEqual({
      group: 'docs-agent-${{ github.event.issue.number || github.event.pull_request.number }}',
      'cancel-in-progress': false,
    });
    // No filter on an author's text or association: every run that joins the group sweeps.
    // The one exception: the loop's own replies (marker and its token's account, both), whose
    // runs would do nothing (a skipped job joins no group, so it cancels no pending run).
    expect(String(job.if)).not.toMatch(/author_association/);
    expect(String(job.if).match(/startsWith/g)).toHaveLength(1);
    expect(String(job.if)).toMatch(
      /!\(startsWith\(github\.event\.comment\.body, '<!-- docs-agent-reply -->'\) &&\s+github\.event\.comment\.user\.login == 'github-actions\[bot\]'\)/,
    );
  });

  it('the many-sites example is a matrix over the sites file: fail-fast off, max-parallel set', () => {
    const workflow = parse(read('examples/workflows/many-sites.yml')) as {
      jobs: Record<string, { strategy?: Record<string, unknown> }>;
    };
    expect(workflow.jobs.publish!.strategy).toEqual({
      'fail-fast': false,
      'max-parallel': 3,
      matrix: { site: '${{ fromJSON(needs.sites.outputs.sites) }}' },
    });
    const sites = JSON.parse(read('examples/docs-sites.json')) as Record<string, string>[];
    for (const site of sites)
      expect(Object.keys(site).sort()).toEqual(['domain', 'namespace', 'release', 'values-file']);
  });

  it('actionlint catches a mistake in an example workflow', async () => {
    const text = read('examples/workflows/many-sites.yml').replace(
      'matrix.site.domain }}/',
      'matrix.sitee.domain }}/',
    );
    const findings = await lintWorkflows([
      { name: 'examples/workflows/many-sites.yml', text, lineOffset: 0 },
    ]);
    expect(findings.join('\n')).toMatch(/many-sites\.yml:\d+:\d+: .*sitee/);
  });

  it('a broken workflow is reported with its place in the README', async () => {
    const markdown = [
      '# Title',
      '',
      '```yaml',
      'on: push',
      'jobs:',
      '  a:',
      '    runs-on: ubuntu-latest',
      '    steps:',
      '      - run: echo ${{ secretz.KEY }}',
      '```',
      '',
      '```yaml',
      'on: push',
      'jobs:',
      '  b:',
      '    steps:',
      '      - name: a colon: in a plain scalar',
      '        run: echo',
      '```',
    ].join('\n');
    const found = workflowsInMarkdown(markdown);
    expect(found.map((w) => w.line)).toEqual([4, 13]);
    const findings = await lintWorkflows(
      found.map((w) => ({ name: `X.md:${w.line}`, text: w.text, lineOffset: w.line - 1 })),
    );
    expect(findings[0]).toMatch(/^X\.md:9:\d+: undefined variable "secretz"/);
    expect(findings.some((f) => /^X\.md:17:\d+: .*\[yaml\]$/.test(f))).toBe(true);
  });

  it('an input or secret the action or workflow does not declare, or a missing required input, is reported', () => {
    const text = [
      'on: push',
      'jobs:',
      '  a:',
      '    runs-on: ubuntu-latest',
      '    steps:',
      '      - uses: your-org/static-export-helm-action@v1',
      '        with:',
      '          api-key: k',
      '          values-file: values.yaml',
      '          helm-relase: docs',
      '      - uses: your-org/static-export-helm-action/agent@v1',
      '        with: { api-key: k, prompt: p }',
      '      - uses: actions/checkout@v5',
      '        with: { anything: 1 }',
      '  b:',
      '    uses: your-org/static-export-helm-action/.github/workflows/publish.yml@v1',
      '    with: { domain: docs.example.com, values-file: values.yaml }',
      '    secrets: { apikey: k }',
    ].join('\n');
    expect(checkOwnInputs([{ name: 'x.yml', text, lineOffset: 0 }])).toEqual([
      'x.yml:6:15: "your-org/static-export-helm-action@v1" has no input "helm-relase" (action.yml) [inputs]',
      'x.yml:11:15: "your-org/static-export-helm-action/agent@v1" needs the input "project-id" (agent/action.yml) [inputs]',
      'x.yml:16:11: "your-org/static-export-helm-action/.github/workflows/publish.yml@v1" has no secret "apikey" (.github/workflows/publish.yml) [inputs]',
    ]);
  });
});
