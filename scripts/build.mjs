#!/usr/bin/env node
// `npm run build`: bundles each entry point into dist/ with @vercel/ncc. The bundles are built at
// the same time (each ncc process spends most of its time in one core's TypeScript check), which
// halves the wait on a 2-core machine; the output is the same bytes as building them one by one.
//
// ncc empties the *.js files under its output folder when it writes, so a bundle that lives inside
// another's folder (dist/agent inside dist) is built in a folder of its own and moved in after.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** Entry point → output folder (relative to the repository). */
const BUNDLES = [
  ['src/index.ts', 'dist'],
  ['src/agent.ts', 'dist/agent'],
];
const NCC = createRequire(import.meta.url).resolve('@vercel/ncc/dist/ncc/cli.js');

function ncc(entry, out) {
  const args = ['build', entry, '-o', out, '--license', 'licenses.txt', '--target', 'es2022'];
  const child = spawn(process.execPath, [NCC, ...args], { cwd: ROOT, stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`ncc build ${entry} failed (${signal ?? code})`)),
    );
  });
}

rmSync(join(ROOT, 'dist'), { recursive: true, force: true });
const staging = mkdtempSync(join(tmpdir(), 'ncc-build-'));
try {
  // The first bundle is written in place; the others, inside its folder, are staged.
  const nested = BUNDLES.map((_, i) => (i === 0 ? null : join(staging, String(i))));
  await Promise.all(BUNDLES.map(([entry, out], i) => ncc(entry, nested[i] ?? join(ROOT, out))));
  BUNDLES.forEach(([, out], i) => {
    if (nested[i]) cpSync(nested[i], join(ROOT, out), { recursive: true });
  });
} catch (error) {
  process.stderr.write(`build: ${error.message}\n`);
  process.exitCode = 1;
} finally {
  rmSync(staging, { recursive: true, force: true });
}
