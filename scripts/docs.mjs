#!/usr/bin/env node
/**
 * `npm run docs`: regenerates the inputs and outputs tables in README.md from action.yml and
 * agent/action.yml, between markers such as `<!-- generated: inputs action.yml -->` and
 * `<!-- end generated -->`, and the command line's help texts (src/cli/help.generated.ts, see
 * scripts/cli-help.mjs). `npm run docs -- --check` fails (exit 1) when either is stale, without
 * writing; test/unit/docs.test.ts and test/unit/cli-help.test.ts run the same checks.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { parse } from 'yaml';
import { CLI_HELP_FILE, syncCliHelp } from './cli-help.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const MARKER = /<!-- generated: (inputs|outputs) ([\w./-]+) -->\n[\s\S]*?<!-- end generated -->/g;

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

/** The README with every generated block brought up to date, formatted as Prettier would. */
export async function renderReadme(
  readme,
  readAction = (file) => readFileSync(join(ROOT, file), 'utf8'),
) {
  const replaced = readme.replace(MARKER, (_, kind, file) => {
    return `<!-- generated: ${kind} ${file} -->\n\n${renderTable(readAction(file), kind)}\n\n<!-- end generated -->`;
  });
  const options = (await resolveConfig(join(ROOT, 'README.md'))) ?? {};
  return format(replaced, { ...options, parser: 'markdown' });
}

async function main() {
  const check = process.argv.includes('--check');
  const helpUpToDate = await syncCliHelp(check);
  if (!helpUpToDate) {
    if (check) {
      console.error(
        `docs: ${CLI_HELP_FILE} is out of date with action.yml or agent/action.yml. Run "npm run docs" and commit it.`,
      );
      process.exitCode = 1;
    } else console.log(`docs: ${CLI_HELP_FILE} regenerated.`);
  }
  const path = join(ROOT, 'README.md');
  const current = readFileSync(path, 'utf8');
  if ((current.match(MARKER) ?? []).length === 0) {
    console.error('docs: README.md has no <!-- generated: … --> markers.');
    process.exit(1);
  }
  const next = await renderReadme(current);
  if (next === current) {
    console.log('docs: README.md tables match action.yml and agent/action.yml.');
    return;
  }
  if (check) {
    console.error(
      'docs: README.md is out of date with action.yml or agent/action.yml. Run "npm run docs" and commit README.md.',
    );
    process.exit(1);
  }
  writeFileSync(path, next);
  console.log('docs: README.md tables regenerated.');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
