/**
 * The command line's subcommands, derived from the actions' input tables: every input of
 * action.yml (PUBLISH_INPUTS) or agent/action.yml (AGENT_INPUTS) is an option of the same name and
 * default, except the key (read from the environment or a file) and the GitHub-only inputs. An
 * input added to a table becomes an option without a change here; its help text comes from the
 * action file through help.generated.ts (`npm run docs`).
 */
import { AGENT_INPUTS } from '../../agent/inputs.js';
import { AgentOutputs } from '../../agent/outputs.js';
import { CommonInputs } from '../../api/inputs.js';
import { PUBLISH_INPUTS } from '../../publish/inputs.js';
import { Outputs } from '../../publish/outputs.js';
import type { InputSpec } from '../../shared/inputs.js';
import { ACTION_TEXT, AGENT_TEXT } from './help.generated.js';

/** The environment variable the key is read from. */
export const KEY_VARIABLE = 'MINTLIFY_ADMIN_KEY';

export type CommandName = 'publish' | 'agent';

export interface CommandDefinition {
  name: CommandName;
  /** The action file whose inputs the options are. */
  actionFile: string;
  summary: string;
  /** The inputs offered as options, in the action file's order. */
  inputs: readonly InputSpec[];
  /** The action file's inputs that are not options here. */
  githubOnly: readonly string[];
  /** Each input's description, as the action file has it. */
  descriptions: Readonly<Record<string, string>>;
  /** The results printed on stdout: output name → description. */
  outputs: Readonly<Record<string, string>>;
  /** Prefix of the variables in a --dotenv report (`job-id` → `STATIC_EXPORT_JOB_ID`). */
  dotenvPrefix: string;
}

/** An input with a true/false default is a switch: `--dry-run`, `--no-dry-run`. */
export function isSwitch(spec: InputSpec): boolean {
  return spec.default === 'true' || spec.default === 'false';
}

/**
 * Free text and lists (paths, helm-args, prompt) may be given several times: one line each, as
 * the action's multi-line value would have them.
 */
export function isRepeatable(spec: InputSpec): boolean {
  return spec.text !== undefined;
}

function define(
  name: CommandName,
  actionFile: string,
  text: { description: string; inputs: Record<string, string>; outputs: Record<string, string> },
  inputs: readonly InputSpec[],
  outputNames: readonly string[],
  dotenvPrefix: string,
): CommandDefinition {
  return {
    name,
    actionFile,
    summary: text.description,
    inputs: inputs.filter((spec) => spec.name !== CommonInputs.ApiKey.name && !spec.githubOnly),
    githubOnly: inputs.filter((spec) => spec.githubOnly).map((spec) => spec.name),
    descriptions: text.inputs,
    outputs: Object.fromEntries(outputNames.map((output) => [output, text.outputs[output] ?? ''])),
    dotenvPrefix,
  };
}

export const COMMANDS: Readonly<Record<CommandName, CommandDefinition>> = {
  publish: define(
    'publish',
    'action.yml',
    ACTION_TEXT,
    PUBLISH_INPUTS,
    // deployment-id is the GitHub deployment's: never set here.
    Object.values(Outputs).filter((output) => output !== Outputs.DeploymentId),
    'STATIC_EXPORT_',
  ),
  agent: define(
    'agent',
    'agent/action.yml',
    AGENT_TEXT,
    AGENT_INPUTS,
    Object.values(AgentOutputs),
    'AGENT_',
  ),
};
