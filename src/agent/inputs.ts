/** The agent/ sub-action's inputs; nothing reaches the service before they are all checked. */
import { SERVICE_ID_PATTERN } from '../shared/constants.js';
import { InputError } from '../shared/errors.js';
import {
  CommonInputs,
  inputGetter,
  parseBoolean,
  parseApiKey,
  parseServiceSettings,
  type InputReader,
  type InputSpec,
  type ServiceInputs,
} from '../shared/inputs.js';
import { printable } from '../shared/text.js';

export const AgentInputs = {
  ProjectId: { name: 'project-id', required: true },
  Prompt: { name: 'prompt', required: true, text: { maxLength: Infinity, formatting: true } },
  JobId: { name: 'job-id', default: '' },
  Wait: { name: 'wait', default: 'true' },
} as const satisfies Record<string, InputSpec>;

/** Every input of agent/action.yml, in its order (a test checks names and defaults against it). */
export const AGENT_INPUTS: readonly InputSpec[] = [
  CommonInputs.ApiKey,
  AgentInputs.ProjectId,
  AgentInputs.Prompt,
  AgentInputs.JobId,
  AgentInputs.Wait,
  CommonInputs.Timeout,
  CommonInputs.PollInterval,
  CommonInputs.BaseUrl,
];

export interface AgentActionInputs extends ServiceInputs {
  projectId: string;
  prompt: string;
  /** Follow up on this job; when undefined, a new job is created with the prompt. */
  jobId: string | undefined;
  wait: boolean;
}

export function parseAgentInputs(read: InputReader): {
  inputs: AgentActionInputs;
  warnings: string[];
} {
  const warnings: string[] = [];
  const get = inputGetter(read);
  const apiKey = parseApiKey(get(CommonInputs.ApiKey), warnings);
  const projectId = parseProjectId(get(AgentInputs.ProjectId).trim());
  const prompt = parsePrompt(get(AgentInputs.Prompt));
  const jobId = parseAgentJobId(get(AgentInputs.JobId).trim());
  const wait = parseBoolean(AgentInputs.Wait.name, get(AgentInputs.Wait));
  const service = { apiKey, ...parseServiceSettings(get) };
  return {
    inputs: { ...service, projectId, prompt, jobId, wait },
    warnings,
  };
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

/** The instruction, trimmed; it is sent as data and never printed as a command. */
export function parsePrompt(prompt: string, input: string = AgentInputs.Prompt.name): string {
  if (prompt.trim() === '') {
    throw new InputError(
      input,
      prompt === '' ? 'is empty' : 'contains only white space',
      'Write the instruction for the agent, e.g. "Document the new --dry-run flag in the CLI reference".',
    );
  }
  return prompt.trim();
}

function parseAgentJobId(jobId: string): string | undefined {
  if (jobId === '') return undefined;
  if (!SERVICE_ID_PATTERN.test(jobId)) {
    throw new InputError(
      AgentInputs.JobId.name,
      `("${printable(jobId)}") is not an agent job id`,
      'Use the job-id output of an earlier run, or leave it empty to start a new job.',
    );
  }
  return jobId;
}
