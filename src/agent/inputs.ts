/** The agent/ sub-action's inputs; nothing reaches the service before they are all checked. */
import {
  CommonInputs,
  parseApiKey,
  parseServiceSettings,
  type ServiceInputs,
} from '../api/inputs.js';
import { checkGithubToken, GithubTokenInput } from '../github/inputs.js';
import { InputError } from '../shared/errors.js';
import {
  characterProblem,
  inputGetter,
  parseBoolean,
  parseDurationInput,
  type InputReader,
  type InputSpec,
  type TextProblem,
  parseJobIdInput,
} from '../shared/inputs.js';
import { printable } from '../shared/text.js';
import { withoutInvisible } from './invisible.js';

/**
 * The longest instruction taken: as long as the longest comment GitHub keeps (the service
 * publishes no limit), so any comment fits and a runaway value does not.
 */
export const MAX_PROMPT_LENGTH = 65_536;

/** The longest pickup-grace: a message not taken up within an hour is not coming. */
const MAX_PICKUP_GRACE_MS = 3_600_000;

export const AgentInputs = {
  ProjectId: { name: 'project-id', required: true },
  // Blank is refused by its own check ("is empty"), unless a comment event brings the instruction.
  Prompt: {
    name: 'prompt',
    default: '',
    blankIsError: true,
    text: { maxLength: MAX_PROMPT_LENGTH, formatting: true },
  },
  JobId: { name: 'job-id', default: '' },
  Wait: { name: 'wait', default: 'true' },
  PickupGrace: { name: 'pickup-grace', default: '2m' },
  GithubToken: GithubTokenInput,
  // The review loop exists only on GitHub (pull request comments).
  Command: { name: 'command', default: '/agent', githubOnly: true },
} as const satisfies Record<string, InputSpec>;

/** Every input of agent/action.yml, in its order (a test checks names and defaults against it). */
export const AGENT_INPUTS: readonly InputSpec[] = [
  CommonInputs.ApiKey,
  AgentInputs.ProjectId,
  AgentInputs.Prompt,
  AgentInputs.JobId,
  AgentInputs.Wait,
  AgentInputs.PickupGrace,
  CommonInputs.Timeout,
  CommonInputs.PollInterval,
  CommonInputs.BaseUrl,
  AgentInputs.GithubToken,
  AgentInputs.Command,
];

export interface AgentActionInputs extends ServiceInputs {
  projectId: string;
  /** Undefined in the review loop: a comment on the pull request brings the instruction. */
  prompt: string | undefined;
  /** Follow up on this job; when undefined, a new job is created with the prompt. */
  jobId: string | undefined;
  wait: boolean;
  /**
   * How long a follow-up may show the job as it was before the message (the service takes messages
   * up asynchronously) before the run gives up on seeing its result: `unconfirmed`.
   */
  pickupGraceMs: number;
  /** Undefined when the workflow passed an empty one: no comment on the pull request then. */
  githubToken: string | undefined;
  /** The comment prefix of the review loop, e.g. `/agent`. */
  command: string;
}

/** The inputs of one follow-up (or new job): the prompt is known. */
export type FollowUpInputs = AgentActionInputs & { prompt: string };

/** Off a comment event, the prompt is required: the inputs always hold one. */
export function parseAgentInputs(read: InputReader): { inputs: FollowUpInputs; warnings: string[] };
export function parseAgentInputs(
  read: InputReader,
  options: {
    /** The run is on a comment event: an empty prompt means "the comment is the instruction". */
    commentEvent?: boolean;
  },
): { inputs: AgentActionInputs; warnings: string[] };
export function parseAgentInputs(
  read: InputReader,
  options: { commentEvent?: boolean } = {},
): { inputs: AgentActionInputs; warnings: string[] } {
  const warnings: string[] = [];
  const get = inputGetter(read);
  const apiKey = parseApiKey(get(CommonInputs.ApiKey), warnings);
  const projectId = parseProjectId(get(AgentInputs.ProjectId).trim());
  const rawPrompt = get(AgentInputs.Prompt);
  const reviewLoop = options.commentEvent === true && rawPrompt.trim() === '';
  const prompt = reviewLoop ? undefined : parsePrompt(visiblePrompt(rawPrompt, warnings));
  let jobId = parseJobIdInput(
    AgentInputs.JobId.name,
    get(AgentInputs.JobId),
    'agent',
    'Use the job-id output of an earlier run, or leave it empty to start a new job.',
  );
  const wait = parseBoolean(AgentInputs.Wait.name, get(AgentInputs.Wait));
  const pickupGraceMs = parseDurationInput(
    AgentInputs.PickupGrace.name,
    get(AgentInputs.PickupGrace),
    1000,
    MAX_PICKUP_GRACE_MS,
  );
  const githubToken = parseAgentToken(get(AgentInputs.GithubToken).trim(), reviewLoop);
  const command = parseCommand(get(AgentInputs.Command));
  if (reviewLoop && jobId) {
    warnings.push(
      'Input "job-id" is ignored on a comment event: the job comes from the pull request the comment is on (the marker in its comments or description).',
    );
    jobId = undefined;
  }
  const service = { apiKey, ...parseServiceSettings(get) };
  return {
    inputs: { ...service, projectId, prompt, jobId, wait, pickupGraceMs, githubToken, command },
    warnings,
  };
}

/**
 * The prompt as a reader of the workflow sees it: the invisible characters a comment loses
 * (zero-width, bidi controls, tag characters: invisible.ts) are removed here too, with a warning
 * naming them by code point, so that text nobody can read never steers the agent.
 */
function visiblePrompt(raw: string, warnings: string[]): string {
  const { text, count, removed } = withoutInvisible(raw);
  if (count > 0)
    warnings.push(
      `Input "prompt": removed ${count} invisible ${count === 1 ? 'character' : 'characters'} (${removed.slice(0, 5).join(', ')}${removed.length > 5 ? ', …' : ''}) that a reader of the workflow cannot see; they are not sent. Retype the prompt if it was pasted.`,
    );
  return text;
}

function parseProjectId(projectId: string): string {
  const name = AgentInputs.ProjectId.name;
  if (projectId === '') {
    throw new InputError(
      name,
      'is empty',
      'Set it to the project id shown on the API keys page of the dashboard.',
    );
  }
  if (!/^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/.test(projectId)) {
    throw new InputError(
      name,
      `("${printable(projectId)}") is not a project id`,
      'Copy the project id from the API keys page of the dashboard.',
    );
  }
  return projectId;
}

/**
 * Why an instruction is refused (too long, a control character, nothing but white space), with
 * what to do; undefined when it may be sent. The same rule for the prompt input and a comment.
 */
export function promptProblem(prompt: string): TextProblem | undefined {
  const characters = characterProblem(AgentInputs.Prompt, prompt);
  if (characters) return characters;
  if (prompt.trim() === '') {
    return {
      problem: prompt === '' ? 'is empty' : 'contains only white space',
      fix: 'Write the instruction for the agent, e.g. "Document the new --dry-run flag in the CLI reference".',
    };
  }
  return undefined;
}

/** The instruction, trimmed; it is sent as data and never printed as a command. */
export function parsePrompt(prompt: string, input: string = AgentInputs.Prompt.name): string {
  const found = promptProblem(prompt);
  if (found) throw new InputError(input, found.problem, found.fix);
  return prompt.trim();
}

function parseAgentToken(token: string, reviewLoop: boolean): string | undefined {
  if (token !== '') return checkGithubToken(token);
  if (reviewLoop) throw reviewLoopWithoutToken();
  return undefined;
}

/** The refusal of an empty github-token on a comment event (the review loop answers there). */
export function reviewLoopWithoutToken(): InputError {
  return new InputError(
    AgentInputs.GithubToken.name,
    'is empty, but the review loop answers on the pull request',
    'Leave github-token at its default (${{ github.token }}) and grant "permissions: pull-requests: write" and "issues: write", or pass a token that has them.',
  );
}

function parseCommand(raw: string): string {
  const command = raw.trim();
  if (!/^[\x21-\x7e]{1,50}$/.test(command)) {
    throw new InputError(
      AgentInputs.Command.name,
      `("${printable(command)}") is not a command`,
      'Give one word of at most 50 visible ASCII characters, without spaces, e.g. /agent or /docs.',
    );
  }
  return command;
}
