/**
 * The npm package as a GitLab CI or Jenkins job installs it: `npm pack`, then `npm install` of the
 * tarball in an empty folder with no registry, then the command it installs. A long run (npm packs
 * the three bundles and installs them, about 3 s of CPU), so in the reliability tier.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';
import { ROOT } from '../helpers/cli.js';

describe('the npm package', () => {
  it(
    'npm pack → npm install of the tarball in an empty folder (offline) → static-export-helm --help',
    { timeout: 120_000 },
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'cli-pack-'));
      const run = promisify(execFile);
      const packed = JSON.parse(
        (await run('npm', ['pack', '--json', '--pack-destination', dir], { cwd: ROOT })).stdout,
      ) as { filename: string; files: { path: string }[] }[];
      const files = packed[0]!.files.map((f) => f.path);
      expect(files).toEqual(
        expect.arrayContaining([
          'dist/cli/index.js',
          'dist/index.js',
          'dist/agent/index.js',
          'action.yml',
          'agent/action.yml',
          'README.md',
          'LICENSE',
          'package.json',
        ]),
      );
      expect(files.filter((f) => !f.startsWith('dist/'))).toEqual(
        expect.not.arrayContaining([expect.stringMatching(/^(src|test|simulator|scripts)\//)]),
      );
      const project = join(dir, 'project');
      await mkdir(project);
      await writeFile(join(project, 'package.json'), '{ "name": "empty", "private": true }\n');
      // Everything is bundled into dist/: the package needs nothing from the registry.
      await run(
        'npm',
        ['install', '--offline', '--no-audit', '--no-fund', join(dir, packed[0]!.filename)],
        { cwd: project },
      );
      const bin = join(project, 'node_modules/.bin/static-export-helm');
      const env = { ...process.env, PATH: `${dirname(inject('node24'))}:${process.env.PATH}` };
      const help = await run(bin, ['--help'], { cwd: project, env });
      expect(help.stdout).toMatch(/^static-export-helm 0\.\d+\.\d+: /);
      expect(help.stdout).toContain('Usage: static-export-helm <command> [options]');
      const publishHelp = await run(bin, ['publish', '--help'], { cwd: project, env });
      expect(publishHelp.stdout).toContain('--values-file VALUE');
    },
  );
});
