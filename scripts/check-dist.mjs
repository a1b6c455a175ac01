#!/usr/bin/env node
// Rebuilds dist/ and fails if it differs from what is committed (as actions/typescript-action's
// check-dist job does): the actions run dist/ and dist/agent/, the command line dist/cli/ (the
// package's bin), so each must be the build of the sources, committed. New files count too: the
// chunks ncc splits off at each dynamic import (dist/<id>.index.js, loaded when a run first needs
// that code) are numbered by the bundler, so a chunk renamed by a change of the sources shows as
// one file deleted and another not committed, and fails the check as a changed bundle does.
import { execFileSync } from 'node:child_process';

const ENTRIES = ['dist/index.js', 'dist/agent/index.js', 'dist/cli/index.js'];

execFileSync('npm', ['run', '-s', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
const tracked = execFileSync('git', ['ls-files', '--', ...ENTRIES], { encoding: 'utf8' });
const missing = ENTRIES.filter((entry) => !tracked.split('\n').includes(entry));
if (missing.length > 0) {
  process.stderr.write(
    `Not committed: ${missing.join(', ')}. Run "npm run build" and commit dist/.\n`,
  );
  process.exit(1);
}
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
