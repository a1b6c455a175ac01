#!/usr/bin/env node
// Rebuilds dist/ and fails if it differs from what is committed (as actions/typescript-action's
// check-dist job does): the action runs dist/, so it must be the build of the sources.
import { execFileSync } from 'node:child_process';

execFileSync('npm', ['run', '-s', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
const status = execFileSync('git', ['status', '--porcelain', '--', 'dist'], { encoding: 'utf8' });
if (status.trim() !== '') {
  process.stderr.write(
    `dist/ does not match a fresh build of the sources:\n${status}\n` +
      `Run "npm run build" and commit dist/.\n` +
      execFileSync('git', ['diff', '--stat', '--', 'dist'], { encoding: 'utf8' }),
  );
  process.exit(1);
}
console.log('check-dist: dist/ matches a fresh build.');
