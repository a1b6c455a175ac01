#!/usr/bin/env node
/**
 * `static-export-helm`: the action's pipelines for GitLab CI, Jenkins and a terminal. Bundled to
 * dist/cli/index.js (package.json `bin`); it loads nothing from @actions/*.
 */
import { main } from './main.js';

// Until the run settles, a process that ends has failed: Node exits with 0 when nothing is left to
// wait for, even if the work never finished.
process.exitCode = 1;
let settled = false;
process.on('exit', (code) => {
  // A hard exit after a cancel sets its own code (130) and has said why.
  if (!settled && code === 1)
    process.stderr.write(
      'static-export-helm: stopped waiting for an operation that could never finish.\n',
    );
});

void main({
  argv: process.argv.slice(2),
  env: process.env,
  cwd: process.cwd(),
  stdout: process.stdout,
  stderr: process.stderr,
}).then(
  (code) => {
    settled = true;
    process.exitCode = code;
  },
  (error: unknown) => {
    settled = true;
    process.stderr.write(`static-export-helm: unexpected error: ${String(error)}\n`);
    process.exitCode = 1;
  },
);
