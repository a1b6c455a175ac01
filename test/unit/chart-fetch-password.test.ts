/**
 * A chart address with a password in it (`https://user:token@host`, `oci://user:token@host/…`)
 * is not pulled: helm would get the password on its command line, where any process of the runner
 * can read it. The fetch says so, with the login step and the address without its password, and
 * never starts helm (the "helm" here is a script that records any start).
 */
import { chmod, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ChartFetcher } from '../../src/helm/fetch.js';

async function recordingHelm(): Promise<{ helm: string; started: () => Promise<string> }> {
  const dir = await mkdtemp(join(tmpdir(), 'helm-never-'));
  const log = join(dir, 'started');
  const helm = join(dir, 'helm');
  await writeFile(log, '');
  await writeFile(helm, `#!/bin/sh\necho "$@" >> '${log}'\nexit 1\n`);
  await chmod(helm, 0o755);
  return { helm, started: () => readFile(log, 'utf8') };
}

describe('a chart address with a password in it', () => {
  it.each([
    [
      {
        kind: 'chart' as const,
        ref: 'enterprise',
        repo: 'https://ci:s3cr3t-token@charts.example.com',
      },
      'helm repo add',
    ],
    [
      {
        kind: 'chart' as const,
        ref: 'oci://ci:s3cr3t-token@registry.example.com/charts/enterprise',
      },
      'helm registry login',
    ],
  ])('%o: not pulled, said with the login step, the password nowhere', async (chart, step) => {
    const { helm, started } = await recordingHelm();
    const outcome = await new ChartFetcher(helm, {}).fetch({ ...chart, version: '1.4.0' });
    expect(outcome.kind).toBe('unfetched');
    const reason = outcome.kind === 'unfetched' ? outcome.reason : '';
    expect(reason).toContain('has a password in its address');
    expect(reason).toContain(step);
    expect(reason).toContain('ci:***@');
    expect(reason).not.toContain('s3cr3t-token');
    expect(await started()).toBe('');
  });
});
