/**
 * How a GitHub runner hands inputs to an action and reads its outputs, for everything here that
 * runs dist/ as a runner would: the end-to-end tests (test/helpers/action.ts), `npm run demo` and
 * the benchmarks.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

interface ActionDefinition {
  inputs: Record<string, { default?: string; required?: boolean }>;
  outputs: Record<string, unknown>;
}

/** Parsed definitions by file text: a test file asks for one for each run and each input. */
const parsed = new Map<string, ActionDefinition>();

/** action.yml (or agent/action.yml), parsed (a copy each time: the caller may change it). */
export function actionDefinition(path = 'action.yml'): ActionDefinition {
  const text = readFileSync(join(ROOT, path), 'utf8');
  let definition = parsed.get(text);
  if (!definition) parsed.set(text, (definition = parse(text) as ActionDefinition));
  return structuredClone(definition);
}

/**
 * The environment a runner gives an action: every input declared in `path`, as INPUT_<NAME>
 * (upper-cased, hyphens kept), filled with its default where the workflow gave none. The runner
 * evaluates expressions in defaults; the only one used is the job's token, `${{ github.token }}`,
 * which becomes `token`. An input the action does not declare is refused: the runner would warn
 * and pass nothing.
 */
export function runnerInputs(
  given: Record<string, string>,
  options: { path?: string; token?: string } = {},
): Record<string, string> {
  const path = options.path ?? 'action.yml';
  const declared = actionDefinition(path).inputs;
  for (const name of Object.keys(given)) {
    if (!(name in declared))
      throw new Error(`input "${name}" is given, but ${path} does not declare it`);
  }
  const env: Record<string, string> = {};
  for (const [name, spec] of Object.entries(declared)) {
    const fallback = (spec.default ?? '').replace(
      /\$\{\{\s*github\.token\s*\}\}/g,
      options.token ?? '',
    );
    env[`INPUT_${name.toUpperCase()}`] = given[name] ?? fallback;
  }
  return env;
}

/** The outputs an action wrote to GITHUB_OUTPUT (`name<<ghadelimiter_…` blocks). */
export function parseOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const re = /^([^\n<]+)<<(ghadelimiter_[0-9a-f-]+)\n([\s\S]*?)\n\2$/gm;
  for (const m of text.matchAll(re)) outputs[m[1]!] = m[3]!;
  return outputs;
}
