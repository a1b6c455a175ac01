import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { renderCliHelp, CLI_HELP_FILE } from '../../scripts/cli-help.mjs';
import { AGENT_INPUTS } from '../../src/agent/inputs.js';
import { PUBLISH_INPUTS, parsePublishInputs } from '../../src/publish/inputs.js';
import { CommonInputs } from '../../src/api/inputs.js';
import {
  commandOptions,
  parseCommandLine,
  UsageError,
  type CommandLine,
} from '../../src/entry/cli/args.js';
import { COMMANDS, isSwitch } from '../../src/entry/cli/commands.js';
import { commandHelp } from '../../src/entry/cli/help.js';
import { dotenvName, formatDotenv, formatJson, formatLines } from '../../src/entry/cli/output.js';
import { actionYaml } from '../helpers/action.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

function run(argv: string[]): Extract<CommandLine, { kind: 'run' }> {
  const line = parseCommandLine(argv);
  if (line.kind !== 'run') throw new Error(`expected a run, got ${line.kind}`);
  return line;
}

function refused(argv: string[]): UsageError {
  try {
    parseCommandLine(argv);
  } catch (error) {
    if (error instanceof UsageError) return error;
    throw error;
  }
  throw new Error(`expected ${argv.join(' ')} to be refused`);
}

const usageError = (argv: string[]) => refused(argv).message;

describe('the command line help cannot drift from the action files', () => {
  it(`${CLI_HELP_FILE} is what npm run docs generates from action.yml and agent/action.yml`, async () => {
    expect(await renderCliHelp(), 'run "npm run docs" and commit it').toBe(read(CLI_HELP_FILE));
  });

  it('a description changed in action.yml without regenerating makes the check fail', async () => {
    const action = parse(read('action.yml')) as { inputs: Record<string, { description: string }> };
    action.inputs.domain!.description = 'Changed in a test.';
    const rendered = await renderCliHelp((file) =>
      file === 'action.yml' ? stringify(action) : read(file),
    );
    expect(rendered).not.toBe(read(CLI_HELP_FILE));
    expect(rendered).toContain("domain: 'Changed in a test.'");
  });

  it.each(Object.values(COMMANDS))(
    '$name: every input of $actionFile is an option, the key, or GitHub-only',
    (command) => {
      const declared = Object.keys(actionYaml(command.actionFile).inputs);
      const offered = command.inputs.map((spec) => spec.name);
      expect([CommonInputs.ApiKey.name, ...offered, ...command.githubOnly].sort()).toEqual(
        [...declared].sort(),
      );
      expect(offered).toEqual(declared.filter((name) => offered.includes(name)));
    },
  );

  it.each(Object.values(COMMANDS))(
    '$name --help shows each option with its action-file description and default',
    (command) => {
      const help = commandHelp(command).replace(/\n\s+/g, ' ');
      const yml = actionYaml(command.actionFile);
      for (const spec of command.inputs) {
        const description = (
          yml.inputs[spec.name] as unknown as { description: string }
        ).description.replace(/\s+/g, ' ');
        const flag = isSwitch(spec) ? `--${spec.name}, --no-${spec.name}` : `--${spec.name} VALUE`;
        expect(help).toContain(`${flag} ${description.trim()}`);
        if (spec.default && !isSwitch(spec)) expect(help).toContain(`Default: ${spec.default}.`);
      }
      expect(help).not.toMatch(/--api-key\b(?!-file)/);
    },
  );

  it('leaves out the GitHub-only inputs, saying why', () => {
    expect(COMMANDS.publish.githubOnly).toEqual([
      'keep-alive-workflow',
      'environment',
      'environment-url',
      'github-token',
    ]);
    expect(commandHelp(COMMANDS.publish)).toMatch(
      /Not available here: keep-alive-workflow, environment, environment-url,\s+github-token\. They work with\s+GitHub itself/,
    );
    expect(COMMANDS.agent.githubOnly).toEqual(['github-token', 'command']);
  });

  it('the options are the InputSpec tables: an input added to a table is an option', () => {
    expect(COMMANDS.publish.inputs).toEqual(
      PUBLISH_INPUTS.filter((s) => s.name !== CommonInputs.ApiKey.name && !s.githubOnly),
    );
    expect(COMMANDS.agent.inputs).toEqual(
      AGENT_INPUTS.filter((s) => s.name !== CommonInputs.ApiKey.name && !s.githubOnly),
    );
  });
});

describe('parseCommandLine', () => {
  it('--version alone is the program; under publish it is the version input', () => {
    expect(parseCommandLine(['--version'])).toEqual({ kind: 'version' });
    const line = run(['publish', '--version', '2026-11-22', '--domain', 'docs.example.com']);
    expect(line.read('version')).toBe('2026-11-22');
  });

  it('reads options given, and the InputSpec default for the others', () => {
    const line = run(['publish', '--domain', 'docs.example.com', '--dry-run']);
    expect(line.read('domain')).toBe('docs.example.com');
    expect(line.read('dry-run')).toBe('true');
    // values-file has no default: a run that names none is refused by its check.
    expect(line.read('values-file')).toBe('');
    expect(line.read('timeout')).toBe('30m');
    expect(line.read('helm-chart')).toBe('mintlify/enterprise');
    expect(line.read('environment')).toBe('');
    expect(run(['agent', '--no-wait']).read('wait')).toBe('false');
    expect(run(['agent']).read('wait')).toBe('true');
  });

  it('the reader feeds parsePublishInputs as a runner would, with the same checks', () => {
    const line = run([
      'publish',
      '--domain',
      'https://Docs.Example.com/',
      '--values-file',
      'values.yaml',
      '--paths',
      'a',
      '--paths=b/c',
    ]);
    const read = (name: string) => (name === 'api-key' ? 'mint_abc' : line.read(name));
    const { inputs, notices } = parsePublishInputs(read, '/ws');
    expect(inputs).toMatchObject({
      domain: 'docs.example.com',
      paths: ['a', 'b/c'],
      valuesFiles: [{ path: '/ws/values.yaml', display: 'values.yaml' }],
      dryRun: false,
    });
    expect(notices[0]).toContain('normalised');
    const bad = run([
      'publish',
      '--domain',
      'docs.example.com',
      '--values-file',
      'values.yaml',
      '--timeout',
      'soon',
    ]);
    expect(() =>
      parsePublishInputs((name) => (name === 'api-key' ? 'mint_abc' : bad.read(name)), '/ws'),
    ).toThrow('Input "timeout" ("soon") is not a duration. Write a duration such as 90s');
  });

  it('joins a repeated list option into lines, and refuses other repeats', () => {
    const line = run(['publish', '--helm-args=--atomic', '--helm-args=--set=a=b']);
    expect(line.read('helm-args')).toBe('--atomic\n--set=a=b');
    expect(usageError(['publish', '--domain', 'a.com', '--domain', 'b.com'])).toBe(
      '--domain is given more than once.',
    );
    expect(usageError(['publish', '--dry-run', '--no-dry-run'])).toBe(
      '--dry-run is given more than once.',
    );
  });

  it('a refused line carries its --dotenv path (its old report is emptied), unless it asks for help or gives two', () => {
    const dotenvOf = (argv: string[]) => refused(argv).dotenv;
    expect(dotenvOf(['publish', '--dotenv', 'r.env', '--domian', 'x'])).toBe('r.env');
    expect(dotenvOf(['publish', '--dotenv=r.env', '--timeout'])).toBe('r.env');
    expect(dotenvOf(['publish', '--dotenv', 'r.env', '--bogus', '--help'])).toBeUndefined();
    expect(dotenvOf(['publish', '--dotenv', 'a.env', '--dotenv', 'b.env'])).toBeUndefined();
  });

  it('explains what to type instead', () => {
    expect(usageError(['publish', '--domian', 'x'])).toBe(
      'unknown option --domian (did you mean --domain?).',
    );
    expect(usageError(['publish', '--api-key', 'mint_x'])).toMatch(
      /^--api-key is not an option: a key on the command line ends up in the shell history and in ps\. Set the MINTLIFY_ADMIN_KEY environment variable, or use --api-key-file PATH\.$/,
    );
    expect(usageError(['publish', '--environment', 'prod'])).toBe(
      '--environment is not available on the command line: it records a deployment on GitHub, which only a GitHub Actions run can do.',
    );
    // Its own reason: it reads workflow files, it records nothing.
    expect(usageError(['publish', '--keep-alive-workflow', 'keep-alive.yml'])).toBe(
      "--keep-alive-workflow is not available on the command line: it names the GitHub Actions workflow that keeps the link alive and checks its on.schedule; on GitLab CI or Jenkins the schedule is the pipeline's, which this command cannot read.",
    );
    expect(usageError(['agent', '--command', '/fix'])).toMatch(
      /^--command is not available on the command line: it is read from comments on a pull request/,
    );
    expect(usageError(['publish', '--dry-run=yes'])).toBe(
      '--dry-run is a switch and takes no value: write --dry-run or --no-dry-run.',
    );
    expect(usageError(['publish', '--helm-args', '--atomic'])).toMatch(
      /^--helm-args needs a value; to give one that starts with "-", write it as --helm-args=VALUE/,
    );
    expect(usageError(['publish', '--domain'])).toBe('--domain needs a value.');
    expect(usageError(['publish', 'docs.example.com'])).toMatch(
      /^unexpected argument docs\.example\.com: every value follows its option/,
    );
    expect(usageError(['pubish'])).toBe(
      'unknown command "pubish": the commands are publish and agent.',
    );
    expect(usageError([])).toBe('a command is missing.');
    expect(usageError(['agent', '--version', 'x'])).toMatch(/^unknown option --version/);
  });

  it('help for the program and for each command', () => {
    expect(parseCommandLine(['--help'])).toEqual({ kind: 'help', command: undefined });
    expect(parseCommandLine(['help', 'agent'])).toEqual({ kind: 'help', command: 'agent' });
    expect(parseCommandLine(['publish', '-h'])).toEqual({ kind: 'help', command: 'publish' });
  });
});

describe('results on stdout and in a dotenv report', () => {
  const redact = (text: string) => text.split('s3cr3t-sig').join('***');
  const results = {
    'job-id': 'se_1',
    'bundle-url': 'https://x/b?sig=s3cr3t-sig',
    'page-count': '7',
  };

  it('name=value lines, one JSON object, GitLab dotenv names', () => {
    expect(formatLines(results, redact)).toBe(
      'job-id=se_1\nbundle-url=https://x/b?sig=***\npage-count=7\n',
    );
    expect(JSON.parse(formatJson(results, redact))).toEqual({
      'job-id': 'se_1',
      'bundle-url': 'https://x/b?sig=***',
      'page-count': '7',
    });
    expect(formatDotenv(results, 'STATIC_EXPORT_', redact)).toBe(
      'STATIC_EXPORT_JOB_ID=se_1\nSTATIC_EXPORT_BUNDLE_URL=https://x/b?sig=***\nSTATIC_EXPORT_PAGE_COUNT=7\n',
    );
    for (const command of Object.values(COMMANDS))
      for (const name of Object.keys(command.outputs))
        expect(dotenvName(command.dotenvPrefix, name)).toMatch(/^[A-Z_][A-Z0-9_]*$/);
  });

  it('a value with a line break cannot forge another line: its lines are joined with commas', () => {
    expect(formatLines({ status: 'ok\njob-id=evil' }, redact)).toBe('status=ok,job-id=evil\n');
    const files = { 'values-file': 'a.yaml\r\nb.yaml\nc.yaml' };
    expect(formatLines(files, redact)).toBe('values-file=a.yaml,b.yaml,c.yaml\n');
    expect(formatDotenv(files, 'STATIC_EXPORT_', redact)).toBe(
      'STATIC_EXPORT_VALUES_FILE=a.yaml,b.yaml,c.yaml\n',
    );
    expect(JSON.parse(formatJson(files, redact))).toEqual(files);
  });
});

describe('the command line loads nothing from @actions/*', () => {
  /** Every module reachable from src/entry/cli/index.ts by static or dynamic import. */
  function importGraph(entry: string): { files: string[]; packages: Set<string> } {
    const files: string[] = [];
    const packages = new Set<string>();
    const queue = [entry];
    while (queue.length > 0) {
      const file = queue.pop()!;
      if (files.includes(file)) continue;
      files.push(file);
      const text = readFileSync(file, 'utf8');
      const specifiers = [
        ...text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+'([^']+)'/g),
        ...text.matchAll(/import\(\s*'([^']+)'\s*\)/g),
      ].map((m) => m[1]!);
      for (const specifier of specifiers) {
        if (specifier.startsWith('.'))
          queue.push(resolve(dirname(file), specifier.replace(/\.js$/, '.ts')));
        else packages.add(specifier);
      }
    }
    return { files: files.map((f) => relative(ROOT, f)), packages };
  }

  it('src/entry/cli/index.ts reaches the core but no @actions package', () => {
    const { files, packages } = importGraph(join(ROOT, 'src/entry/cli/index.ts'));
    expect(files).toEqual(
      expect.arrayContaining([
        'src/publish/pipeline.ts',
        'src/agent/pipeline.ts',
        'src/helm/rollout.ts',
        'src/shared/secrets.ts',
      ]),
    );
    expect(
      files.filter((f) => f.startsWith('src/entry/action/') || f.startsWith('src/github/octokit')),
    ).toEqual([]);
    expect([...packages].filter((p) => p.startsWith('@actions/'))).toEqual([]);
  });

  it('the walk does find @actions imports where they are (the action entry, through Octokit)', () => {
    expect([...importGraph(join(ROOT, 'src/entry/action/index.ts')).packages]).toContain(
      '@actions/github',
    );
  });
});

describe('docs/cli.md', () => {
  const doc = read('docs/cli.md');

  it('shows only options that exist', () => {
    const options = new Set(Object.values(COMMANDS).flatMap((c) => Object.keys(commandOptions(c))));
    // Flags of the other programs in the examples (npm, helm), and the option that must not exist.
    const others = new Set(['yes', 'global', 'install', 'namespace', 'values', 'wait', 'atomic']);
    others.add('rollback-on-failure').add('create-namespace').add('api-key');
    const shown = [...doc.matchAll(/(?<![\w-])--([a-z][a-z0-9-]*)/g)].map((m) => m[1]!);
    expect(shown.length).toBeGreaterThan(20);
    for (const name of shown) {
      const option = options.has(name) ? name : name.replace(/^no-/, '');
      expect(options.has(option) || others.has(name), `--${name}`).toBe(true);
    }
  });

  it('its .gitlab-ci.yml hands the dotenv report to a later job, under names the command writes', () => {
    const block = /```yaml\n# \.gitlab-ci\.yml\n([\s\S]*?)```/.exec(doc)![1]!;
    const ci = parse(block) as Record<string, Record<string, unknown>>;
    const publish = ci['publish-docs'] as {
      script: string[];
      artifacts: { reports: { dotenv: string } };
    };
    const report = publish.artifacts.reports.dotenv;
    expect(publish.script.join(' ')).toContain(`--dotenv ${report}`);
    expect(publish.script.join(' ')).not.toMatch(/MINTLIFY_ADMIN_KEY[^\s]*\s*=|--api-key\b/);
    const deploy = ci['deploy-docs'] as { needs: { job: string }[]; script: string[] };
    expect(deploy.needs.map((n) => n.job)).toContain('publish-docs');
    const used = new Set(
      [...deploy.script.join('\n').matchAll(/\$(STATIC_EXPORT_[A-Z0-9_]+)/g)].map((m) => m[1]!),
    );
    const written = Object.keys(COMMANDS.publish.outputs).map((name) =>
      dotenvName(COMMANDS.publish.dotenvPrefix, name),
    );
    expect(used.size).toBeGreaterThan(2);
    for (const name of used) expect(written).toContain(name);
    expect((ci.workflow as { rules: { if: string }[] }).rules[0]!.if).toContain('"schedule"');
  });
});
