import { describe, expect, it } from 'vitest';
import {
  checkKeepAlive,
  LINK_LIFE_MS,
  longestGap,
  repositoryWorkflows,
} from '../../scripts/lint-workflows.mjs';

const HOUR = 3_600_000;

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
      "examples/workflows/x.yml:9:15: runs at most every 1d (cron '17 3 * * *') without refresh-before, and a link lives 6h (docs/service.md): the site's link expires between runs. Add a keep-alive schedule with refresh-before (examples/workflows/keep-alive.yml), or run more often than the link lives [keep-alive]",
    ]);
    // Every 6 hours is not shorter than a 6-hour link: one late run and pods meet a dead link.
    expect(checkKeepAlive([workflow(['17 */6 * * *'], [])])).toHaveLength(1);
  });

  it('a schedule shorter than the link life, a keep-alive cron with refresh-before, or a named keep-alive passes', () => {
    expect(checkKeepAlive([workflow(['17 */3 * * *'], [])])).toEqual([]);
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
