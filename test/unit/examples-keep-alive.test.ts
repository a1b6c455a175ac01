import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { delayAllowance as watchdogAllowance } from '../../src/github/schedule.js';
import {
  checkKeepAlive,
  delayAllowance,
  LINK_LIFE_MS,
  longestGap,
  repositoryWorkflows,
  workflowsInMarkdown,
} from '../../scripts/lint-workflows.mjs';

const HOUR = 3_600_000;

/** npm's own range reader (the semver package npm ci uses; no type declarations are installed). */
const semver = createRequire(import.meta.url)('semver') as {
  satisfies(version: string, range: string): boolean;
  gte(a: string, b: string): boolean;
  coerce(version: string): string | null;
};

/** A scheduled workflow with one step of this action, given its crons and extra inputs. */
function workflow(crons: string[], inputs: string[], name = 'examples/workflows/x.yml') {
  const text = [
    'name: Publish docs',
    'on:',
    '  schedule:',
    ...crons.map((cron) => `    - cron: '${cron}'`),
    'jobs:',
    '  publish:',
    '    runs-on: ubuntu-latest',
    '    steps:',
    '      - uses: your-org/static-export-helm-action@v1',
    '        with:',
    '          domain: docs.example.com',
    '          values-file: charts/docs/values.yaml',
    ...inputs.map((line) => `          ${line}`),
    '',
  ].join('\n');
  return { name, text, lineOffset: 0 };
}

describe('the examples keep the link alive (lint-workflows)', () => {
  it('reads the longest gap between runs of several crons', () => {
    expect(longestGap(['17 3 * * *'])).toBe(24 * HOUR);
    expect(longestGap(['7,37 * * * *'])).toBe(30 * 60_000);
    expect(longestGap(['17 3 * * *', '7,37 * * * *'])).toBe(30 * 60_000);
    expect(longestGap(['17 */3 * * *'])).toBe(3 * HOUR);
    expect(LINK_LIFE_MS).toBe(6 * HOUR);
  });

  it('a daily publish without refresh-before is a finding that names the gap, the life and the fix', () => {
    expect(checkKeepAlive([workflow(['17 3 * * *'], [])])).toEqual([
      "examples/workflows/x.yml:9:15: runs at most every 1d (cron '17 3 * * *') without refresh-before, and a link lives 6h (docs/service.md): two late or dropped runs (48h30m of delays) let the site's link expire between runs. Add a keep-alive schedule with refresh-before (examples/workflows/keep-alive.yml), or run at least every 1h49m [keep-alive]",
    ]);
    // Every 6 hours is not shorter than a 6-hour link: one late run and pods meet a dead link.
    expect(checkKeepAlive([workflow(['17 */6 * * *'], [])])).toHaveLength(1);
  });

  it('without refresh-before, a schedule within the link life but with no room for late runs is a finding', () => {
    // 4 hours (and 3) fit in a 6-hour link only while GitHub starts every run on time.
    expect(checkKeepAlive([workflow(['17 */4 * * *'], [])])).toEqual([
      "examples/workflows/x.yml:9:15: runs at most every 4h (cron '17 */4 * * *') without refresh-before, and a link lives 6h (docs/service.md): two late or dropped runs (8h30m of delays) let the site's link expire between runs. Add a keep-alive schedule with refresh-before (examples/workflows/keep-alive.yml), or run at least every 1h49m [keep-alive]",
    ]);
    expect(checkKeepAlive([workflow(['17 */3 * * *'], [])])).toHaveLength(1);
    expect(checkKeepAlive([workflow(['17 */2 * * *'], [])])).toHaveLength(1);
    // Hourly: 1h + 2h30m of delays fits in 6h.
    expect(checkKeepAlive([workflow(['17 * * * *'], [])])).toEqual([]);
  });

  it("holds the examples to the action's own allowance for late runs (src/github/schedule.ts)", () => {
    for (const minutes of [15, 30, 60, 109, 110, 120, 240, 1440])
      expect(delayAllowance(minutes * 60_000), `${minutes}m`).toBe(
        watchdogAllowance(minutes * 60_000),
      );
  });

  it('a schedule shorter than the link life, a keep-alive cron with refresh-before, or a named keep-alive passes', () => {
    expect(checkKeepAlive([workflow(['17 * * * *'], [])])).toEqual([]);
    expect(checkKeepAlive([workflow(['7,37 * * * *'], ['refresh-before: 3h'])])).toEqual([]);
    const both = workflow(
      ['17 3 * * *', '7,37 * * * *'],
      [`refresh-before: \${{ github.event.schedule == '7,37 * * * *' && '3h' || '' }}`],
    );
    expect(checkKeepAlive([both])).toEqual([]);
    const keepAlive = workflow(
      ['7,37 * * * *'],
      ['refresh-before: 3h'],
      'examples/workflows/keep-alive.yml',
    );
    const daily = workflow(['17 3 * * *'], ['keep-alive-workflow: keep-alive.yml']);
    expect(checkKeepAlive([daily, keepAlive])).toEqual([]);
    expect(checkKeepAlive([daily])).toEqual([
      'examples/workflows/x.yml:9:15: keep-alive-workflow names keep-alive.yml, which is not a workflow of this repository [keep-alive]',
    ]);
  });

  it('refresh-before on a schedule too sparse for it is a finding; a mirror step is not held to the link', () => {
    expect(checkKeepAlive([workflow(['17 3 * * *'], ['refresh-before: 3h'])])).toEqual([
      "examples/workflows/x.yml:9:15: runs at most every 1d (cron '17 3 * * *'): with refresh-before 3h and a link that lives 6h, two late runs let it expire; run the keep-alive every 30 minutes (keep-alive.yml) [keep-alive]",
    ]);
    expect(
      checkKeepAlive([workflow(['17 3 * * *'], ['download-path: bundle/site.tar.gz'])]),
    ).toEqual([]);
  });

  it('every workflow of the repository and of its docs keeps the link alive', () => {
    expect(checkKeepAlive(repositoryWorkflows())).toEqual([]);
  });
});

describe('the README gets a newcomer started', () => {
  const readme = readFileSync(fileURLToPath(new URL('../../README.md', import.meta.url)), 'utf8');
  const section = (title: string) => {
    const start = readme.indexOf(`\n## ${title}\n`);
    expect(start, title).toBeGreaterThan(-1);
    const end = readme.indexOf('\n## ', start + 1);
    return readme.slice(start, end);
  };

  it('"With Flux" and "With Argo CD": one copyable workflow each, at most 30 lines, kept alive', () => {
    for (const title of ['With Flux', 'With Argo CD']) {
      const workflows = workflowsInMarkdown(section(title));
      expect(workflows, title).toHaveLength(1);
      const lines = workflows[0]!.text.trimEnd().split('\n');
      expect(lines.length, title).toBeLessThanOrEqual(30);
      expect(workflows[0]!.text).toMatch(/refresh-before: /);
    }
    expect(section('With Flux')).toMatch(/token: \$\{\{ secrets\.DOCS_PR_TOKEN \}\}/);
    expect(section('With Flux')).toMatch(/gh pr merge --auto/);
  });

  it('says which Node a clone needs, and it satisfies what npm ci checks', () => {
    const stated = /A clone needs \*\*Node (\d+\.\d+) or later\*\*/.exec(readme)?.[1];
    expect(stated).toBeDefined();
    const version = `${stated}.0`;
    const lock = JSON.parse(
      readFileSync(fileURLToPath(new URL('../../package-lock.json', import.meta.url)), 'utf8'),
    ) as { packages: Record<string, { engines?: { node?: string }; optional?: boolean }> };
    const unmet = Object.entries(lock.packages)
      .filter(([, p]) => !p.optional && typeof p.engines?.node === 'string')
      .filter(([, p]) => !semver.satisfies(version, p.engines!.node!))
      .map(([name, p]) => `${name} ${p.engines!.node}`);
    expect(unmet).toEqual([]);
    // One below it does not satisfy them all: the figure is the least, not a guess.
    const [major, minor] = stated!.split('.').map(Number);
    const below = minor! > 0 ? `${major}.${minor! - 1}.99` : `${major! - 1}.99.99`;
    expect(
      Object.values(lock.packages).some(
        (p) => !p.optional && p.engines?.node && !semver.satisfies(below, p.engines.node),
      ),
    ).toBe(true);
    const pinned = readFileSync(
      fileURLToPath(new URL('../../.node-version', import.meta.url)),
      'utf8',
    );
    expect(semver.gte(String(semver.coerce(pinned.trim())), version)).toBe(true);
    expect(readme).toContain('about 232 MB unpacked');
  });

  it('says how to reference the action before and after a release', () => {
    expect(readme).toContain('pin a commit of this');
    expect(readme).toMatch(/`@v1`.*`@v1\.2\.3`/s);
    const release = readFileSync(
      fileURLToPath(new URL('../../.github/workflows/release.yml', import.meta.url)),
      'utf8',
    );
    expect(release).toMatch(/npm run release -- "\$VERSION" --push/);
  });
});
