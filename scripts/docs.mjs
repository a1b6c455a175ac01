#!/usr/bin/env node
/**
 * `npm run docs`: regenerates the generated blocks of the documentation, between markers such as
 * `<!-- generated: inputs action.yml -->` and `<!-- end generated -->` (the file is relative to
 * the repository root):
 *   - `inputs FILE` / `outputs FILE`: the inputs or outputs table of an action file;
 *   - `example FILE`: the file itself, as a YAML code block (the workflows of examples/workflows/).
 * The documentation is README.md, CONTRIBUTING.md, SECURITY.md, agent/README.md and docs/*.md.
 *
 * It also writes the command line's help texts (src/entry/cli/help.generated.ts, see
 * scripts/cli-help.mjs).
 *
 * `npm run docs -- --check` fails (exit 1) without writing when a block or the help is stale. Both modes also
 * fail when a relative link in those files points at a file that does not exist, or at a
 * `#heading` the Markdown file it names does not have, and when a code span names a path of the
 * repository that does not exist (checkPaths). test/unit/docs.test.ts runs the same checks.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { parse } from 'yaml';
import { CLI_HELP_FILE, syncCliHelp } from './cli-help.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const MARKER =
  /<!-- generated: (inputs|outputs|example) ([\w./-]+) -->\n[\s\S]*?<!-- end generated -->/g;

/** Each action file's inputs and outputs must be documented in this file. */
export const ACTION_DOCS = { 'action.yml': 'README.md', 'agent/action.yml': 'agent/README.md' };

/** The documentation files, relative to the root: the ones that exist. */
export function docFiles(root = ROOT) {
  const fixed = ['README.md', 'CONTRIBUTING.md', 'SECURITY.md', 'agent/README.md'];
  const docs = existsSync(join(root, 'docs'))
    ? readdirSync(join(root, 'docs'))
        .filter((f) => f.endsWith('.md'))
        .sort()
        .map((f) => `docs/${f}`)
    : [];
  return [...fixed, ...docs].filter((f) => existsSync(join(root, f)));
}

const cell = (text) =>
  String(text ?? '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\|/g, '\\|');

/** Markdown for one table of an action file's inputs or outputs. */
export function renderTable(actionYaml, kind) {
  const action = parse(actionYaml);
  const entries = Object.entries(action?.[kind] ?? {});
  if (kind === 'inputs') {
    const rows = entries.map(([name, spec]) => {
      const fallback =
        spec.default === undefined || spec.default === ''
          ? spec.required
            ? '**required**'
            : ''
          : `\`${cell(spec.default)}\``;
      return `| \`${name}\` | ${fallback} | ${cell(spec.description)} |`;
    });
    return ['| Input | Default | Description |', '|---|---|---|', ...rows].join('\n');
  }
  const rows = entries.map(([name, spec]) => `| \`${name}\` | ${cell(spec.description)} |`);
  return ['| Output | Description |', '|---|---|', ...rows].join('\n');
}

function render(kind, text) {
  if (kind === 'example') return '```yaml\n' + text.replace(/\n*$/, '\n') + '```';
  return renderTable(text, kind);
}

const readRoot = (file) => readFileSync(join(ROOT, file), 'utf8');

/**
 * A documentation file with every generated block brought up to date, formatted as Prettier
 * would. `readFile` reads a file named in a marker (relative to the root); `docPath` is the
 * file's own path, for Prettier's configuration.
 */
export async function renderDoc(text, readFile = readRoot, docPath = 'README.md') {
  const replaced = text.replace(MARKER, (_, kind, file) => {
    let source;
    try {
      source = readFile(file);
    } catch (error) {
      throw new Error(
        `${docPath}: the marker "generated: ${kind} ${file}" names a file that cannot be read (${error.code ?? error.message})`,
        { cause: error },
      );
    }
    return `<!-- generated: ${kind} ${file} -->\n\n${render(kind, source)}\n\n<!-- end generated -->`;
  });
  const options = (await resolveConfig(join(ROOT, docPath))) ?? {};
  return format(replaced, { ...options, parser: 'markdown' });
}

/** The README, brought up to date (renderDoc for README.md). */
export function renderReadme(readme, readAction = readRoot) {
  return renderDoc(readme, readAction, 'README.md');
}

/** The markers of a text: [{ kind, file }]. */
export function markers(text) {
  return [...text.matchAll(MARKER)].map((m) => ({ kind: m[1], file: m[2] }));
}

// ---- links ---------------------------------------------------------------------------------

/** Which lines of a Markdown text belong to a fenced code block, fences included. */
function inCodeBlock(lines) {
  let fence = null;
  return lines.map((line) => {
    const mark = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (mark && mark[0] === fence[0] && mark.length >= fence.length) fence = null;
      return true;
    }
    if (mark) fence = mark;
    return Boolean(mark);
  });
}

/** The text with fenced code blocks, inline code and HTML comments blanked, lines kept. */
function prose(markdown) {
  const lines = markdown.split('\n');
  const code = inCodeBlock(lines);
  return lines
    .map((line, i) => (code[i] ? '' : line.replace(/`+[^`]*`+/g, (c) => ' '.repeat(c.length))))
    .join('\n')
    .replace(/<!--[\s\S]*?-->/g, (comment) => comment.replace(/[^\n]/g, ' '));
}

/** GitHub's anchor for a heading text: lower case, punctuation dropped, spaces as hyphens. */
export function slug(heading) {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a Markdown text's headings, a repeated heading numbered as GitHub does. */
export function headingAnchors(markdown) {
  const seen = new Map();
  const anchors = new Set();
  const lines = markdown.split('\n');
  const code = inCodeBlock(lines);
  lines.forEach((line, i) => {
    const m = code[i] ? null : /^ {0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line);
    if (!m) return;
    const base = slug(m[1]);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  });
  return anchors;
}

/** The links of a Markdown text that stay inside the repository: [{ target, line }]. */
export function relativeLinks(markdown) {
  const found = [];
  prose(markdown)
    .split('\n')
    .forEach((line, i) => {
      const targets = [
        ...[...line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]),
        ...[...line.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/g)].map((m) => m[1]),
      ];
      for (const target of targets) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue;
        found.push({ target, line: i + 1 });
      }
    });
  return found;
}

/**
 * Checks the relative links of documentation files (paths relative to `root`). Returns one line
 * per broken link: `file:line: link "target" ...`.
 */
export function checkLinks(files, root = ROOT) {
  const problems = [];
  const anchorsOf = new Map();
  const anchors = (file) => {
    if (!anchorsOf.has(file)) anchorsOf.set(file, headingAnchors(readFileSync(file, 'utf8')));
    return anchorsOf.get(file);
  };
  for (const doc of files) {
    const docAbs = join(root, doc);
    for (const { target, line } of relativeLinks(readFileSync(docAbs, 'utf8'))) {
      const at = `${doc}:${line}: link "${target}"`;
      const hash = target.indexOf('#');
      const pathPart = hash === -1 ? target : target.slice(0, hash);
      const anchor = hash === -1 ? undefined : target.slice(hash + 1);
      let path;
      try {
        path = decodeURIComponent(pathPart.split('?')[0]);
      } catch {
        problems.push(`${at} is not a valid link`);
        continue;
      }
      const file =
        path === ''
          ? docAbs
          : resolve(path.startsWith('/') ? root : dirname(docAbs), '.' + sep + path);
      const inside = relative(root, file);
      if (inside.startsWith('..')) {
        problems.push(`${at} points outside the repository`);
        continue;
      }
      if (!existsSync(file)) {
        problems.push(`${at} points at ${inside || '.'}, which does not exist`);
        continue;
      }
      if (anchor && file.endsWith('.md') && statSync(file).isFile()) {
        if (!anchors(file).has(decodeURIComponent(anchor).toLowerCase())) {
          problems.push(`${at}: ${relative(root, file)} has no heading with the anchor #${anchor}`);
        }
      }
    }
  }
  return problems;
}

// ---- paths named in code spans ------------------------------------------------------------

/** The repository's own folders: a code span that starts with one of them names a real path. */
const REPO_FOLDERS = [
  '.ci',
  '.github',
  'agent',
  'bench',
  'dist',
  'docs',
  'examples',
  'scripts',
  'simulator',
  'src',
  'test',
];
const REPO_PATH = new RegExp(`^(?:${REPO_FOLDERS.join('|').replace(/\./g, '\\.')})/[\\w.@/-]*$`);
/** A file name alone (`job.ts`), which a table row about a folder names inside that folder. */
const BARE_FILE = /^[\w.-]+\.(?:ts|mts|mjs|js|json|ya?ml|md)$/;

/** Whether `name` is a file in `folder` or below it. */
function foundUnder(folder, name) {
  if (!existsSync(folder) || !statSync(folder).isDirectory()) return false;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.isFile() && entry.name === name) return true;
    if (entry.isDirectory() && foundUnder(join(folder, entry.name), name)) return true;
  }
  return false;
}

/**
 * Checks the repository paths that documentation files name in code spans, outside code blocks:
 * a span such as `src/shared/version.ts` must exist, and in a table row whose first cell is a
 * folder (`src/publish/`), a file named alone (`job.ts`) must be in that folder or below it. Paths
 * with placeholders (`*`, `<name>`, `…`) are left alone. Returns one line per path that is gone:
 * `file:line: ...`. Words about the code go stale when a file moves; this keeps them true.
 */
export function checkPaths(files, root = ROOT) {
  const problems = [];
  for (const doc of files) {
    const lines = readFileSync(join(root, doc), 'utf8').split('\n');
    const code = inCodeBlock(lines);
    lines.forEach((line, i) => {
      if (code[i]) return;
      const spans = [...line.matchAll(/(`+)([^`]+?)\1/g)].map((m) => m[2].trim());
      const folder = /^\|\s*`([^`]+\/)`\s*\|/.exec(line)?.[1];
      for (const span of spans) {
        if (REPO_PATH.test(span)) {
          if (!existsSync(join(root, span)))
            problems.push(`${doc}:${i + 1}: \`${span}\` names a path that does not exist`);
        } else if (folder && REPO_PATH.test(folder) && BARE_FILE.test(span)) {
          if (!foundUnder(join(root, folder), span))
            problems.push(`${doc}:${i + 1}: \`${span}\` is not a file in ${folder}`);
        }
      }
    });
  }
  return problems;
}

/** Action files whose inputs or outputs table is missing from the file that documents them. */
export function missingTables(readDoc = readRoot) {
  const missing = [];
  for (const [action, doc] of Object.entries(ACTION_DOCS)) {
    const found = markers(readDoc(doc));
    for (const kind of ['inputs', 'outputs']) {
      if (!found.some((m) => m.kind === kind && m.file === action)) {
        missing.push(`${doc} has no <!-- generated: ${kind} ${action} --> block`);
      }
    }
  }
  return missing;
}

async function main() {
  const check = process.argv.includes('--check');
  const files = docFiles();
  const problems = missingTables();
  const helpUpToDate = await syncCliHelp(check);
  if (!helpUpToDate && check)
    problems.push(
      `${CLI_HELP_FILE} is out of date with action.yml or agent/action.yml. Run "npm run docs" and commit it.`,
    );
  else if (!helpUpToDate) console.log(`docs: ${CLI_HELP_FILE} regenerated.`);
  const stale = [];
  for (const doc of files) {
    const current = readRoot(doc);
    if (markers(current).length === 0) continue;
    const next = await renderDoc(current, readRoot, doc);
    if (next === current) continue;
    if (check) stale.push(doc);
    else {
      writeFileSync(join(ROOT, doc), next);
      console.log(`docs: ${doc} regenerated.`);
    }
  }
  problems.push(...checkLinks(files), ...checkPaths(files));
  for (const doc of stale) {
    problems.push(
      `${doc} is out of date with the files its generated blocks name (action.yml, agent/action.yml, examples/workflows/). Run "npm run docs" and commit it.`,
    );
  }
  if (problems.length > 0) {
    console.error(problems.map((p) => `docs: ${p}`).join('\n'));
    process.exit(1);
  }
  console.log(
    `docs: ${files.length} files checked: generated blocks current, relative links resolve, named paths exist.`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
