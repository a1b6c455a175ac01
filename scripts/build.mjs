#!/usr/bin/env node
// `npm run build`: bundles each entry point into dist/ with @vercel/ncc, and type-checks the
// project once (`tsc --noEmit`, the root tsconfig.json) — all three at the same time.
//
// Left to itself, ncc type-checks the whole project again inside each bundle's build, through a
// slower path: two thirds of a build's CPU time. So the bundles are transpiled only (`-t`), and
// the one type check fails the build as ncc's did. Transpiling a file alone, TypeScript cannot
// tell from package.json that it is an ES module: src/tsconfig.json, which ncc reads (the one
// nearest the entry points), says so (module ESNext). The output is the same bytes.
//
// dist/sources.sha256 and dist/.local-build record what the bundles were built from
// (scripts/sources-digest.mjs).
//
// ncc empties the *.js files under its output folder when it writes, so a bundle that lives inside
// another's folder (dist/agent and dist/cli inside dist) is built in a folder of its own and moved in after.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCAL_BUILD, STAMP, installedDigest, sourcesDigest } from './sources-digest.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** Entry point → output folder (relative to the repository). */
const BUNDLES = [
  ['src/entry/action/index.ts', 'dist'],
  ['src/entry/agent/index.ts', 'dist/agent'],
  ['src/entry/cli/index.ts', 'dist/cli'],
];
const require = createRequire(import.meta.url);
const NCC = require.resolve('@vercel/ncc/dist/ncc/cli.js');
const TSC = require.resolve('typescript/bin/tsc');

function run(name, args, stdout = 'inherit') {
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', stdout, 'inherit'] });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${name} failed (${signal ?? `exit ${code}`})`)),
    );
  });
}

const ncc = (entry, out, stats) =>
  run(`ncc build ${entry}`, [
    NCC,
    ...['build', entry, '-o', out, '--transpile-only'],
    ...['--stats-out', stats, '--target', 'es2022'],
  ]);

/**
 * `licenses.txt` of a bundle: the license of every package its modules come from, in every chunk
 * (the code a run loads when it needs it, split off at a dynamic import). ncc's own `--license`
 * writes that file once per chunk, each over the last, so with chunks it listed the last chunk's
 * packages only. Read from the build's module list (webpack's stats); same layout as before:
 * name, license, text.
 */
function writeLicenses(statsFile, out) {
  const dirs = new Set();
  const visit = (modules) => {
    for (const module of modules ?? []) {
      visit(module.modules);
      const resource = String(module.identifier ?? '')
        .split('!')
        .pop()
        .split('|')[0]
        .replace(/\\/g, '/');
      const at = resource.lastIndexOf('/node_modules/');
      if (at < 0) continue;
      const [first, second] = resource.slice(at + '/node_modules/'.length).split('/');
      dirs.add(
        `${resource.slice(0, at)}/node_modules/${first.startsWith('@') ? `${first}/${second}` : first}`,
      );
    }
  };
  visit(JSON.parse(readFileSync(statsFile, 'utf8')).modules);
  const packages = new Map();
  for (const dir of dirs) {
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    const file = readdirSync(dir).find((name) => /^(licen[cs]e|copying)(\.|$)/i.test(name));
    packages.set(pkg.name, {
      license: typeof pkg.license === 'string' ? pkg.license : (pkg.license?.type ?? 'UNKNOWN'),
      text: file ? readFileSync(join(dir, file), 'utf8').trim() : '',
    });
  }
  const text = [...packages]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, { license, text }]) => `${name}\n${license}\n${text}`)
    .join('\n\n');
  writeFileSync(join(out, 'licenses.txt'), `${text}\n`);
}

// Taken before the build and compared after it: a file saved while ncc ran may be in the digest
// but not in the bundles, and a stamp that vouched for it would hide a stale dist/.
const digest = sourcesDigest();
rmSync(join(ROOT, 'dist'), { recursive: true, force: true });
const staging = mkdtempSync(join(tmpdir(), 'ncc-build-'));
try {
  // The first bundle is written in place; the others, inside its folder, are staged.
  const outs = BUNDLES.map(([, out], i) => (i === 0 ? join(ROOT, out) : join(staging, String(i))));
  await Promise.all([
    // tsc prints its errors on stdout: to stderr, which check-dist and the release keep (they
    // drop stdout, where ncc lists the files it wrote).
    run('type check (tsc --noEmit)', [TSC, '--noEmit', '-p', join(ROOT, 'tsconfig.json')], 2),
    ...BUNDLES.map(([entry], i) => ncc(entry, outs[i], join(staging, `stats-${i}.json`))),
  ]);
  BUNDLES.forEach((_, i) => writeLicenses(join(staging, `stats-${i}.json`), outs[i]));
  BUNDLES.forEach(([, out], i) => {
    if (i > 0) cpSync(outs[i], join(ROOT, out), { recursive: true });
  });
  // What these bundles were built from (scripts/sources-digest.mjs). None when the sources
  // changed during the build: whatever uses dist/ next then builds it again.
  if (sourcesDigest() === digest) {
    writeFileSync(STAMP, `${digest}\n`);
    writeFileSync(LOCAL_BUILD, `${installedDigest()}\n`);
  } else {
    process.stderr.write('build: the sources changed during the build; run it again.\n');
    process.exitCode = 1;
  }
} catch (error) {
  process.stderr.write(`build: ${error.message}\n`);
  process.exitCode = 1;
} finally {
  rmSync(staging, { recursive: true, force: true });
}
