/**
 * `--help` texts, built from the command definitions: the options are the action file's inputs
 * with its descriptions (help.generated.ts) and the code's defaults, so the help shows what the
 * action file declares.
 */
import { VERSION } from '../../shared/version.js';
import { CLI_OPTIONS } from './args.js';
import { COMMANDS, isRepeatable, isSwitch, KEY_VARIABLE } from './commands.js';
import type { CommandDefinition, CommandName } from './commands.js';

export const PROGRAM = 'static-export-helm';
const WIDTH = 80;
const INDENT = '      ';

/** Wraps text at word boundaries to the help's width, each line indented. */
export function wrap(text: string, indent = INDENT, width = WIDTH): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && indent.length + line.length + 1 + word.length > width) {
      lines.push(indent + line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(indent + line);
  return lines.join('\n');
}

export function usageLine(command?: CommandName): string {
  return command
    ? `Usage: ${PROGRAM} ${command} [options]   (${PROGRAM} ${command} --help lists them)`
    : `Usage: ${PROGRAM} <publish|agent> [options]   (${PROGRAM} --help for more)`;
}

export function programHelp(): string {
  return [
    `${PROGRAM} ${VERSION}: the static-export-helm action's pipelines outside GitHub Actions`,
    `(GitLab CI, Jenkins, a terminal).`,
    '',
    `Usage: ${PROGRAM} <command> [options]`,
    '',
    'Commands:',
    ...Object.values(COMMANDS).map(
      (command) =>
        `  ${command.name.padEnd(10)}${wrap(command.summary, ' '.repeat(12)).trimStart()}`,
    ),
    '',
    `  ${PROGRAM} <command> --help   the options of a command`,
    `  ${PROGRAM} --version          this program's version`,
    '',
    keySection(),
    '',
    exitSection(),
    '',
  ].join('\n');
}

export function commandHelp(command: CommandDefinition): string {
  const inputs = command.inputs.map((spec) => {
    const flag = isSwitch(spec) ? `--${spec.name}, --no-${spec.name}` : `--${spec.name} VALUE`;
    const notes = [
      spec.default && !isSwitch(spec) ? `Default: ${spec.default}.` : '',
      isSwitch(spec) ? `Default: ${spec.default === 'true' ? `on` : `off`}.` : '',
      isRepeatable(spec) ? 'May be given more than once, one line each.' : '',
    ].filter(Boolean);
    const description = command.descriptions[spec.name] ?? '';
    return `  ${flag}\n${wrap([description, ...notes].join(' '))}`;
  });
  const own = Object.entries(CLI_OPTIONS).map(([name, option]) => {
    const flag = `${'short' in option ? `-${option.short}, ` : ''}--${name}${'value' in option ? ` ${option.value}` : ''}`;
    return `  ${flag}\n${wrap(option.help)}`;
  });
  const outputs = Object.entries(command.outputs).map(
    ([name, description]) => `  ${name}\n${wrap(outputNote(name, description))}`,
  );
  return [
    `Usage: ${PROGRAM} ${command.name} [options]`,
    '',
    wrap(command.summary, ''),
    '',
    `Options (the inputs of ${command.actionFile}: same names, defaults and checks):`,
    ...inputs,
    '',
    'Options of the command line:',
    ...own,
    '',
    ...(command.githubOnly.length > 0
      ? [
          wrap(
            `Not available here: ${command.githubOnly.join(', ')}. They work with GitHub itself (a deployment record, comments on a pull request, the workflow files of a run), which only a GitHub Actions run can do.`,
            '',
          ),
          '',
        ]
      : []),
    keySection(),
    '',
    'Results, on stdout (progress and errors go to stderr):',
    wrap(
      `One name=value line each; with --json, one JSON object. --dotenv FILE also writes them as a dotenv report, named ${command.dotenvPrefix}JOB_ID and so on. A failed run prints what it knows (job-id, status).`,
      '  ',
    ),
    ...outputs,
    '',
    exitSection(),
    '',
  ].join('\n');
}

function outputNote(name: string, description: string): string {
  if (name !== 'bundle-url') return description;
  // The action's description speaks of GitHub's masking; here the link is never printed whole.
  return 'The bundle link with its query (the signature, a credential) left out: the full link is written to the values file only.';
}

function keySection(): string {
  return wrap(
    `The admin API key (it starts with mint_) is read from the ${KEY_VARIABLE} environment variable, or from a file with --api-key-file PATH. It is never an option: the shell history and ps would show it.`,
    '',
  );
}

function exitSection(): string {
  return [
    'Exit status:',
    '  0    done',
    '  1    the export, the values file, the rollout or the agent job failed',
    '  2    bad usage or input: nothing was sent',
    '  130  cancelled (SIGINT or SIGTERM): the values file is as it was; the job id',
    '       is printed, to resume with --job-id',
  ].join('\n');
}
