import { AgentInputs, SERVICE_ID_PATTERN } from '../shared/constants.js';
import { InputError } from '../shared/errors.js';
import {
  MAX_DURATION_MS,
  MAX_POLL_INTERVAL_MS,
  checkedReader,
  parseApiKey,
  parseBaseUrlInput,
  parseBoolean,
  parseDurationInput,
  printable,
  type InputReader,
} from '../shared/inputs.js';

export interface AgentActionInputs {
  apiKey: string;
  projectId: string;
  prompt: string;
  /** Follow up on this job; when undefined, a new job is created with the prompt. */
  jobId: string | undefined;
  wait: boolean;
  timeoutMs: number;
  pollInterval: 'auto' | number;
  baseUrl: URL;
}

/** Reads and validates the agent/ sub-action's inputs; nothing reaches the service before this. */
export function parseAgentInputs(read: InputReader): {
  inputs: AgentActionInputs;
  warnings: string[];
} {
  const warnings: string[] = [];
  const get = checkedReader(read);
  const apiKey = parseApiKey(get(AgentInputs.ApiKey), warnings);
  const projectId = get(AgentInputs.ProjectId).trim();
  if (projectId === '') {
    throw new InputError(
      AgentInputs.ProjectId,
      'is empty',
      'Set it to the project id shown on the API keys page of the dashboard.',
    );
  }
  if (!/^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/.test(projectId)) {
    throw new InputError(
      AgentInputs.ProjectId,
      `("${printable(projectId)}") is not a project id`,
      'Copy the project id from the API keys page of the dashboard.',
    );
  }
  const prompt = get(AgentInputs.Prompt);
  if (prompt.trim() === '') {
    throw new InputError(
      AgentInputs.Prompt,
      prompt === '' ? 'is empty' : 'contains only white space',
      'Write the instruction for the agent, e.g. "Document the new --dry-run flag in the CLI reference".',
    );
  }
  const jobIdText = get(AgentInputs.JobId).trim();
  if (jobIdText !== '' && !SERVICE_ID_PATTERN.test(jobIdText)) {
    throw new InputError(
      AgentInputs.JobId,
      `("${printable(jobIdText)}") is not an agent job id`,
      'Use the job-id output of an earlier run, or leave it empty to start a new job.',
    );
  }
  const wait = parseBoolean(AgentInputs.Wait, get(AgentInputs.Wait) || 'true');
  const timeoutMs = parseDurationInput(
    AgentInputs.Timeout,
    get(AgentInputs.Timeout) || '30m',
    1000,
    MAX_DURATION_MS,
  );
  const pollText = get(AgentInputs.PollInterval).trim().toLowerCase() || 'auto';
  const pollInterval =
    pollText === 'auto'
      ? 'auto'
      : parseDurationInput(
          AgentInputs.PollInterval,
          pollText,
          1000,
          MAX_POLL_INTERVAL_MS,
          'auto, or ',
        );
  const baseUrl = parseBaseUrlInput(get(AgentInputs.BaseUrl));
  return {
    inputs: {
      apiKey,
      projectId,
      prompt: prompt.trim(),
      jobId: jobIdText || undefined,
      wait,
      timeoutMs,
      pollInterval,
      baseUrl,
    },
    warnings,
  };
}
