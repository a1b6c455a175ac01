/**
 * The values file in the situations a runner's disk really produces, with the built action under
 * Node 24 against the simulator: a read-only file, a symlink, a dangling symlink. Each ends in a
 * clear message naming the input and the file, with the user's files as they were. A disk that
 * fails (full, a refused rename, slow or stuck writes) is test/reliability/faults.test.ts.
 */
import {
  chmod,
  lstat,
  mkdir,
  readdir,
  readFile,
  readlink,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorLine, newWorkspace, publishPolling } from '../helpers/action.js';
import { sim } from '../helpers/sim.js';

const quick = { queuedMs: 0, runningMs: 100 };
const VALUES = '# docs\nreplicaCount: 2\nstaticExport:\n  enabled: false # off for now\n';

// Each test has its own simulator and workspace: the tests run at the same time.
describe.concurrent('the values file on a real disk', () => {
  it('a read-only values file is refused before any export is started', async () => {
    const s = await sim({ export: quick });
    const ws = await newWorkspace({ 'values.yaml': VALUES });
    await chmod(join(ws, 'values.yaml'), 0o444);
    const run = await publishPolling(s, { workspace: ws });
    expect(run.code).toBe(1);
    expect(errorLine(run.stdout)).toBe(
      '::error::values-file "values.yaml" is read-only. Make it writable (chmod u+w) or point values-file at a writable copy. The file was not changed.',
    );
    expect(s.requestsFor('start-export')).toHaveLength(0);
    expect(await readFile(join(ws, 'values.yaml'), 'utf8')).toBe(VALUES);
    expect((await stat(join(ws, 'values.yaml'))).mode & 0o777).toBe(0o444);
    expect(await readdir(ws)).toEqual(['values.yaml']);
  });

  it('a read-only values file is fine for a dry run, which writes nothing', async () => {
    const s = await sim({ export: quick });
    const ws = await newWorkspace({ 'values.yaml': VALUES });
    await chmod(join(ws, 'values.yaml'), 0o444);
    const run = await publishPolling(s, { workspace: ws, inputs: { 'dry-run': 'true' } });
    expect(run.code, run.stdout).toBe(0);
    expect(await readFile(join(ws, 'values.yaml'), 'utf8')).toBe(VALUES);
  });

  it('a symlinked values file: the target is updated, the link kept', async () => {
    const s = await sim({ export: quick });
    const ws = await newWorkspace();
    await mkdir(join(ws, 'deploy', 'shared'), { recursive: true });
    await writeFile(join(ws, 'deploy', 'shared', 'docs-values.yaml'), VALUES);
    await symlink('deploy/shared/docs-values.yaml', join(ws, 'values.yaml'));
    const run = await publishPolling(s, { workspace: ws });
    expect(run.code, run.stdout).toBe(0);
    expect((await lstat(join(ws, 'values.yaml'))).isSymbolicLink()).toBe(true);
    expect(await readlink(join(ws, 'values.yaml'))).toBe('deploy/shared/docs-values.yaml');
    const target = await readFile(join(ws, 'deploy', 'shared', 'docs-values.yaml'), 'utf8');
    expect(target).toContain(`bundleUrl: "${run.outputs['bundle-url']}"`);
    expect(target).toContain('  enabled: true  # off for now\n'); // the comment keeps its column
    expect(await readdir(join(ws, 'deploy', 'shared'))).toEqual(['docs-values.yaml']);
    expect((await readdir(ws)).sort()).toEqual(['deploy', 'values.yaml']);
  });

  it('a symlink to nothing is refused before any export, naming the input', async () => {
    const s = await sim({ export: quick });
    const ws = await newWorkspace();
    await symlink('gone/values.yaml', join(ws, 'values.yaml'));
    const run = await publishPolling(s, { workspace: ws });
    expect(run.code).toBe(1);
    expect(errorLine(run.stdout)).toMatch(
      /^::error::values-file "values.yaml" is a symbolic link to a file that does not exist\. /,
    );
    expect(s.requestsFor('start-export')).toHaveLength(0);
    expect(await readlink(join(ws, 'values.yaml'))).toBe('gone/values.yaml');
  });
});
