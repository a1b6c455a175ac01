/**
 * The command line, parsed with `node:util` parseArgs: options built from the command's input
 * table, plus the few of the command line itself. Anything wrong is a UsageError (exit 2), found
 * before the key is read or any request is sent.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { InputReader } from '../../shared/inputs.js';
import { nearest } from '../../shared/text.js';
import {
  COMMANDS,
  isRepeatable,
  isSwitch,
  KEY_VARIABLE,
  type CommandDefinition,
  type CommandName,
} from './commands.js';

/** A command line that cannot be run as it is; the message says what to change. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
  constructor(
    message: string,
    /** The command whose usage to show (undefined: the program's). */
    readonly command?: CommandName,
    /** The --dotenv path the line gave, as far as it could be read: its old report is emptied. */
    readonly dotenv?: string,
  ) {
    super(message);
  }
}

/** The options of the command line itself, next to the inputs, with their help texts. */
export const CLI_OPTIONS = {
  'api-key-file': {
    type: 'string',
    value: 'PATH',
    help: `Read the admin API key from this file (one line) instead of the ${KEY_VARIABLE} environment variable.`,
  },
  workspace: {
    type: 'string',
    value: 'DIR',
    help: 'The folder relative paths (values-file, download-path) are resolved in, and must stay inside. Default: the current directory.',
  },
  json: { type: 'boolean', help: 'Print the results on stdout as one JSON object.' },
  dotenv: {
    type: 'string',
    value: 'FILE',
    help: 'Also write the results to FILE as a GitLab CI dotenv report (artifacts:reports:dotenv).',
  },
  verbose: { type: 'boolean', help: 'Also print debug lines (each request and retry).' },
  help: { type: 'boolean', short: 'h', help: 'Show this help.' },
} as const;

type CliOptionName = keyof typeof CLI_OPTIONS;

export interface CliSettings {
  apiKeyFile: string | undefined;
  workspace: string | undefined;
  json: boolean;
  dotenv: string | undefined;
  verbose: boolean;
}

export type CommandLine =
  | { kind: 'version' }
  | { kind: 'help'; command: CommandName | undefined }
  | {
      kind: 'run';
      command: CommandDefinition;
      /** Reads an input as the action would get it: the option given, else its default. */
      read: InputReader;
      settings: CliSettings;
    };

type Options = NonNullable<ParseArgsConfig['options']>;

/** The parseArgs options of a command: one per input, then the command line's own. */
export function commandOptions(command: CommandDefinition): Options {
  const options: Options = {};
  for (const spec of command.inputs) {
    if (spec.name in CLI_OPTIONS)
      throw new Error(`input "${spec.name}" has the name of a command-line option`);
    options[spec.name] = isSwitch(spec)
      ? { type: 'boolean' }
      : { type: 'string', multiple: isRepeatable(spec) };
  }
  for (const [name, option] of Object.entries(CLI_OPTIONS)) {
    options[name] = 'short' in option ? { type: option.type, short: option.short } : option;
  }
  return options;
}

export function parseCommandLine(argv: readonly string[]): CommandLine {
  const [first, ...rest] = argv;
  if (first === undefined) throw new UsageError('a command is missing.');
  if (first === '--version') {
    if (rest.length > 0) throw new UsageError('--version takes no other arguments.');
    return { kind: 'version' };
  }
  if (first === '--help' || first === '-h') return { kind: 'help', command: undefined };
  if (first === 'help') {
    const topic = rest[0];
    if (topic === undefined) return { kind: 'help', command: undefined };
    return { kind: 'help', command: commandNamed(topic).name };
  }
  const command = commandNamed(first);
  return parseCommand(command, rest);
}

function commandNamed(name: string): CommandDefinition {
  if (Object.hasOwn(COMMANDS, name)) return COMMANDS[name as CommandName];
  const hint = name.startsWith('-') ? ' Options come after the command.' : '';
  throw new UsageError(
    `unknown command "${name}": the commands are ${Object.keys(COMMANDS).join(' and ')}.${hint}`,
  );
}

function parseCommand(command: CommandDefinition, args: string[]): CommandLine {
  try {
    return parseStrictly(command, args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    throw new UsageError(error.message, error.command, dotenvOf(args));
  }
}

/**
 * --dotenv's value on a line that is otherwise refused: read leniently, undefined if unclear (given
 * twice) or if the line asks for help, which runs nothing and so replaces no report.
 */
function dotenvOf(args: string[]): string | undefined {
  try {
    const { tokens } = parseArgs({
      args,
      options: { dotenv: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: false,
      allowPositionals: true,
      tokens: true,
    });
    const options = tokens.filter((token) => token.kind === 'option');
    if (options.some((token) => token.name === 'help')) return undefined;
    const given = options.filter((token) => token.name === 'dotenv');
    return given.length === 1 && typeof given[0]!.value === 'string' ? given[0]!.value : undefined;
  } catch {
    return undefined;
  }
}

function parseStrictly(command: CommandDefinition, args: string[]): CommandLine {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      options: commandOptions(command),
      strict: true,
      allowPositionals: false,
      allowNegative: true,
      tokens: true,
    });
  } catch (error) {
    throw new UsageError(explainParseError(error as NodeJS.ErrnoException, command), command.name);
  }
  const { values, tokens } = parsed;
  refuseRepeats(command, tokens);
  if (values.help) return { kind: 'help', command: command.name };

  const given = (name: string) => values[name] as string | boolean | string[] | undefined;
  const read: InputReader = (name) => {
    const spec = command.inputs.find((s) => s.name === name);
    const value = spec ? given(name) : undefined;
    if (value === undefined) return spec?.default ?? '';
    if (typeof value === 'boolean') return String(value);
    return Array.isArray(value) ? value.join('\n') : value;
  };
  const text = (name: CliOptionName) => given(name) as string | undefined;
  return {
    kind: 'run',
    command,
    read,
    settings: {
      apiKeyFile: text('api-key-file'),
      workspace: text('workspace'),
      json: given('json') === true,
      dotenv: text('dotenv'),
      verbose: given('verbose') === true,
    },
  };
}

/** An option given twice is refused (a repeated --domain is a mistake, not a choice), lists aside. */
function refuseRepeats(
  command: CommandDefinition,
  tokens: { kind: string; name?: string; rawName?: string }[],
): void {
  const seen = new Set<string>();
  for (const token of tokens) {
    if (token.kind !== 'option' || !token.name) continue;
    const spec = command.inputs.find((s) => s.name === token.name);
    if (spec && isRepeatable(spec)) continue;
    if (seen.has(token.name))
      throw new UsageError(`--${token.name} is given more than once.`, command.name);
    seen.add(token.name);
  }
}

/**
 * Why each GitHub-only input has no option, in its own words: they do not all work with the same
 * part of GitHub (keep-alive-workflow reads workflow files; it records nothing).
 */
const GITHUB_ONLY_REASON: Readonly<Record<string, string>> = {
  environment: 'it records a deployment on GitHub, which only a GitHub Actions run can do',
  'environment-url':
    'it is the address shown on a deployment record on GitHub, which only a GitHub Actions run makes',
  'github-token':
    "it is a GitHub Actions run's token for GitHub's API (deployment records, comments on a pull request)",
  'keep-alive-workflow':
    "it names the GitHub Actions workflow that keeps the link alive and checks its on.schedule; on GitLab CI or Jenkins the schedule is the pipeline's, which this command cannot read",
  command: 'it is read from comments on a pull request, which only a GitHub Actions run receives',
};

/** parseArgs' error, reworded to say what to type instead. */
function explainParseError(error: NodeJS.ErrnoException, command: CommandDefinition): string {
  const option = /'(-[^' ]*)/.exec(error.message)?.[1] ?? '';
  const name = option.replace(/^-+/, '').replace(/=.*$/, '');
  switch (error.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION': {
      if (name === 'api-key') {
        return `--api-key is not an option: a key on the command line ends up in the shell history and in ps. Set the ${KEY_VARIABLE} environment variable, or use --api-key-file PATH.`;
      }
      if (command.githubOnly.includes(name)) {
        const reason =
          GITHUB_ONLY_REASON[name] ??
          'it works with GitHub itself, which only a GitHub Actions run can do';
        return `--${name} is not available on the command line: ${reason}.`;
      }
      const close = nearest(name, Object.keys(commandOptions(command)));
      return `unknown option ${option}${close ? ` (did you mean --${close}?)` : ''}.`;
    }
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `unexpected argument ${/'([^']*)'/.exec(error.message)?.[1] ?? ''}: every value follows its option, e.g. --domain docs.example.com.`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE': {
      const spec = command.inputs.find((s) => s.name === name);
      if (spec && isSwitch(spec))
        return `--${name} is a switch and takes no value: write --${name} or --no-${name}.`;
      if (/argument missing/.test(error.message)) return `--${name} needs a value.`;
      if (/ambiguous/.test(error.message))
        return `--${name} needs a value; to give one that starts with "-", write it as --${name}=VALUE (e.g. --helm-args=--atomic).`;
      return error.message;
    }
    default:
      return error.message;
  }
}
