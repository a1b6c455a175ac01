import { spawn } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';

/**
 * src/entry/runner-core.ts against @actions/core: the same calls (test/helpers/runner-core-calls.mjs)
 * through each, each in a fresh Node 24 process with its own runner files, must write the same
 * bytes to stdout and to GITHUB_OUTPUT, GITHUB_STATE, GITHUB_ENV and GITHUB_STEP_SUMMARY. Only the
 * random delimiters of the file commands differ; they are numbered in order before comparing.
 */
const CALLS = fileURLToPath(new URL('../helpers/runner-core-calls.mjs', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FILES = ['GITHUB_OUTPUT', 'GITHUB_STATE', 'GITHUB_ENV', 'GITHUB_STEP_SUMMARY'] as const;

interface Written {
  code: number | null;
  stdout: string;
  stderr: string;
  files: Record<(typeof FILES)[number], string>;
}

async function runCalls(impl: 'core' | 'ours'): Promise<Written> {
  const dir = await mkdtemp(join(tmpdir(), `runner-core-${impl}-`));
  const paths = Object.fromEntries(FILES.map((name) => [name, join(dir, name.toLowerCase())]));
  for (const path of Object.values(paths)) await writeFile(path, '');
  const env = {
    PATH: process.env.PATH,
    IMPL: impl,
    CALLS_DIR: dir,
    RUNNER_DEBUG: '1',
    INPUT_VALUES_FILE: '  charts/docs/values.yaml \n',
    INPUT_PROMPT: 'first line\nsecond: line, with %\r\n',
    INPUT_EMPTY: '',
    INPUT_DOMAIN: ' docs.example.com ',
    ...paths,
  };
  const child = spawn(inject('node24'), [CALLS], { cwd: ROOT, env, stdio: 'pipe' });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const files = {} as Written['files'];
  for (const name of FILES) files[name] = await readFile(paths[name]!, 'utf8');
  return { code, stdout, stderr, files };
}

/** Each random delimiter (`ghadelimiter_` and a UUID) as its number of appearance in the text. */
function numberDelimiters(text: string): string {
  const seen = new Map<string, number>();
  return text.replace(/ghadelimiter_[0-9a-f]{8}-[0-9a-f-]{27}/g, (found) => {
    if (!seen.has(found)) seen.set(found, seen.size + 1);
    return `ghadelimiter_<${seen.get(found)}>`;
  });
}

describe('the runner interface of the doors, against @actions/core', () => {
  it('writes the same log and the same runner files for the same calls', async () => {
    const [core, ours] = await Promise.all([runCalls('core'), runCalls('ours')]);
    // The sequence ran to its end in both, through the interface each was given.
    expect(core.stdout, core.stderr).toContain('exit code 1');
    expect(ours.stdout, ours.stderr).toContain('exit code 1');
    expect(ours.code).toBe(1);
    expect(ours.code).toBe(core.code);

    expect(ours.stdout).toBe(core.stdout);
    for (const name of FILES)
      expect(numberDelimiters(ours.files[name]), name).toBe(numberDelimiters(core.files[name]));

    // What was compared holds what the calls are for (so an empty run cannot pass).
    expect(core.stdout).toContain('::add-mask::s3cr%25et%0D%0Asecond line\n');
    expect(core.stdout).toContain(
      '::notice title=title%3A a%2C b %25,file=dir%2Cx/values%3A1.yaml,line=3,endLine=4,col=1::notice with %2525 and %0D and %0A\n',
    );
    expect(core.stdout).toContain('input with spaces: "charts/docs/values.yaml"');
    expect(core.stdout).toContain(
      'required, missing threw: Input required and not supplied: api-key',
    );
    expect(core.stdout).toMatch(
      /value holding the delimiter threw: Unexpected input: value should not contain the delimiter/,
    );
    expect(numberDelimiters(core.files.GITHUB_OUTPUT)).toContain(
      'delivered<<ghadelimiter_<2>\n[\n  "one",\r\n  "two"\n]\nghadelimiter_<2>\n',
    );
    expect(core.files.GITHUB_ENV).toContain('RUNNER_CORE_VAR<<');
    expect(core.files.GITHUB_STATE).toContain('claim<<');
    expect(core.files.GITHUB_STEP_SUMMARY).toBe('kept, # Title\n\n| a | b |\nsecond\n');
  });
});
