/**
 * The command line's frame: parse the arguments, read the key, check every input (exit 2 on any
 * problem, before a request is sent, and an earlier run's dotenv report emptied), run the pipeline
 * with SIGINT/SIGTERM aborting it, and print the results. Exit 0 done, 1 failed, 2 bad usage or
 * input (the pipeline's InputError too), 130 cancelled.
 */
import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { ServiceClient } from '../../api/client.js';
import { CommonInputs } from '../../api/inputs.js';
import { ExportInputs } from '../../publish/inputs.js';
import { InputError, StoppedError, UserError } from '../../shared/errors.js';
import type { InputReader } from '../../shared/inputs.js';
import { Redactor } from '../../shared/secrets.js';
import { describeFailure, Exit, exitCode, runFrame } from '../frame.js';
import { VERSION } from '../../shared/version.js';
import { parseCommandLine, UsageError, type CommandLine } from './args.js';
import { COMMANDS, KEY_VARIABLE, type CommandName } from './commands.js';
import { commandHelp, programHelp, PROGRAM, usageLine } from './help.js';
import {
  checkDotenvPath,
  emptyStaleDotenv,
  formatDotenv,
  formatJson,
  formatLines,
  writeDotenv,
  type Results,
} from './output.js';
import { createReporter, isLiveTerminal, type CliReporter, type TextStream } from './progress.js';
import { prepare, type Prepared } from './run.js';

export { Exit };

const REPORT_WITH = 'the output of this command';

export interface CliIo {
  argv: readonly string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
  stdout: TextStream;
  stderr: TextStream;
}

type RunLine = Extract<CommandLine, { kind: 'run' }>;

export async function main(io: CliIo): Promise<number> {
  let line: CommandLine;
  try {
    line = parseCommandLine(io.argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    emptyStaleDotenv(error.dotenv, io.cwd);
    io.stderr.write(`${PROGRAM}: ${error.message}\n${usageLine(error.command)}\n`);
    return Exit.Usage;
  }
  if (line.kind === 'version') {
    io.stdout.write(`${VERSION}\n`);
    return Exit.Done;
  }
  if (line.kind === 'help') {
    io.stdout.write(line.command ? commandHelp(COMMANDS[line.command]) : programHelp());
    return Exit.Done;
  }
  return runCommand(line, io);
}

interface Setup {
  prepared: Prepared;
  apiKey: string;
  dotenv: string | undefined;
}

async function runCommand(line: RunLine, io: CliIo): Promise<number> {
  const { command, settings } = line;
  const redactor = new Redactor();
  let setup: Setup;
  try {
    setup = await setUp(line, io, redactor);
  } catch (error) {
    emptyStaleDotenv(settings.dotenv, io.cwd);
    if (!(error instanceof UserError)) throw error;
    io.stderr.write(
      redactor.redact(`${PROGRAM} ${command.name}: ${error.message}\n${usageLine(command.name)}\n`),
    );
    return Exit.Usage;
  }
  const reporter = createReporter({
    stream: io.stderr,
    live: isLiveTerminal(io.stderr, io.env),
    redact: redactor.redact,
    onSecret: (value) => redactor.add(value),
    verbose: settings.verbose,
    tickMs: 100,
  });
  const emit = (results: Results) => {
    io.stdout.write(
      settings.json ? formatJson(results, redactor.redact) : formatLines(results, redactor.redact),
    );
    if (setup.dotenv)
      writeDotenv(setup.dotenv, formatDotenv(results, command.dotenvPrefix, redactor.redact));
  };
  const outcome = await execute(command.name, setup, { reporter, redactor }, emit);
  reporter.close();
  // A report that cannot be written fails the run: the job that reads it would miss the values.
  return emitQuietly(emit, outcome.results, reporter) ? outcome.code : Exit.Failed;
}

/** Runs the pipeline in the run frame (`../frame.ts`); says how to resume a stopped job. */
async function execute(
  command: CommandName,
  { prepared, apiKey }: Setup,
  { reporter, redactor }: { reporter: CliReporter; redactor: Redactor },
  emit: (results: Results) => void,
): Promise<{ code: number; results: Results }> {
  // An export is resumed by its job id; an agent run is not: its --job-id sends the prompt again,
  // as a new message (its stop message says where the result is instead).
  const resumeHint = () => {
    const jobId = prepared.partial().jobId;
    if (jobId && command === 'publish')
      reporter.info(
        `To resume without starting over: ${PROGRAM} ${command} --job-id ${jobId} (with the same other options).`,
      );
  };
  const outcome = await runFrame(
    async ({ signal, track }) => {
      // Without a key (--bundle-url alone) no client is made: nothing is asked of the service.
      const client = apiKey
        ? track(
            new ServiceClient({
              baseUrl: prepared.service.baseUrl,
              apiKey,
              logger: reporter,
              userAgent: `static-export-helm-cli/${VERSION}`,
            }),
          )
        : undefined;
      for (const notice of prepared.notices) reporter.notice(notice);
      for (const warning of prepared.warnings) reporter.warning(warning);
      const { results, done } = await prepared.run({ reporter, client, signal, redactor });
      reporter.info(done);
      return results;
    },
    {
      say: (message) => reporter.warning(message),
      secondSignal: 'hard-exit',
      hardExit: () => {
        // Out of time to wind down (or told twice): say what can be said, and go.
        resumeHint();
        reporter.close();
        emitQuietly(emit, prepared.partial().results, reporter);
        process.exit(Exit.Cancelled);
      },
      reportWith: REPORT_WITH,
      redact: redactor.redact,
    },
    (failure) => {
      reporter.error(failure.message);
      if (failure.error instanceof StoppedError || failure.cancelled) resumeHint();
    },
  );
  return {
    code: exitCode(outcome),
    results: outcome.ok ? outcome.value : prepared.partial().results,
  };
}

function emitQuietly(
  emit: (results: Results) => void,
  results: Results,
  reporter: CliReporter,
): boolean {
  try {
    emit(results);
    return true;
  } catch (error) {
    reporter.error(describeFailure(error, REPORT_WITH));
    return false;
  }
}

/** The key, the workspace, the report path and every input, checked; throws UserError. */
async function setUp(line: RunLine, io: CliIo, redactor: Redactor): Promise<Setup> {
  const { command, settings } = line;
  // --bundle-url asks nothing of the service: with no key set, none is asked for (a key that is
  // given is still checked).
  const keyless =
    line.read(ExportInputs.BundleUrl.name).trim() !== '' &&
    settings.apiKeyFile === undefined &&
    (io.env[KEY_VARIABLE] ?? '').trim() === '';
  const key = keyless
    ? { value: '', source: KEY_VARIABLE }
    : await readKey(settings.apiKeyFile, io);
  redactor.add(key.value.trim());
  const workspace = await folder('--workspace', settings.workspace ?? '.', io.cwd);
  const dotenv =
    settings.dotenv === undefined ? undefined : await checkDotenvPath(settings.dotenv, io.cwd);
  const read: InputReader = (name) =>
    name === CommonInputs.ApiKey.name ? key.value : line.read(name);
  let prepared: Prepared;
  try {
    prepared = prepare(command.name, read, workspace);
  } catch (error) {
    if (error instanceof InputError && error.details.input === CommonInputs.ApiKey.name)
      throw new UserError(keyWording(error.message, key.source));
    throw error;
  }
  prepared.warnings = prepared.warnings.map((warning) => keyWording(warning, key.source));
  return { prepared, apiKey: prepared.service.apiKey, dotenv };
}

/** The key's checks are the action's, worded for where the key came from. */
function keyWording(text: string, source: string): string {
  return text.split(`Input "${CommonInputs.ApiKey.name}"`).join(`The key in ${source}`);
}

async function readKey(
  file: string | undefined,
  io: CliIo,
): Promise<{ value: string; source: string }> {
  const setIt = `Set ${KEY_VARIABLE} to the admin API key (it starts with mint_; in GitLab CI a masked CI/CD variable, in Jenkins a credential bound with withCredentials), or pass --api-key-file PATH.`;
  if (file === undefined) {
    const value = io.env[KEY_VARIABLE] ?? '';
    if (value.trim() === '')
      throw new UserError(
        `the environment variable ${KEY_VARIABLE} is ${value === '' ? 'not set' : 'blank'}. ${setIt}`,
      );
    return { value, source: KEY_VARIABLE };
  }
  let value: string;
  try {
    value = await readFile(resolve(io.cwd, file), 'utf8');
  } catch (error) {
    throw new UserError(
      `--api-key-file ${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}). Give the path of a file that holds the admin API key.`,
    );
  }
  if (value.trim() === '') throw new UserError(`--api-key-file ${file} is empty. ${setIt}`);
  return { value, source: `--api-key-file ${file}` };
}

async function folder(option: string, path: string, cwd: string): Promise<string> {
  const absolute = resolve(cwd, path);
  const found = await stat(absolute).catch(() => undefined);
  if (!found?.isDirectory())
    throw new UserError(`${option} ${path} is not a folder. Give an existing folder.`);
  return absolute;
}
