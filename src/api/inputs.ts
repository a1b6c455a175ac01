/**
 * The service's inputs (api-key, base-url, timeout, poll-interval): what every front door needs to
 * talk to the service, declared and checked next to the client. Both actions list them in
 * action.yml's order among their own; the command line reads the key from its own sources.
 */
import { DEFAULT_BASE_URL } from '../shared/constants.js';
import { InputError } from '../shared/errors.js';
import {
  parsePollIntervalInput,
  parseTimeoutInput,
  type InputGetter,
  type InputSpec,
} from '../shared/inputs.js';
import { codePoint, printable } from '../shared/text.js';
import { parseBaseUrl, shownBaseUrl } from './base-url.js';
import { ApiError } from './errors.js';

/** The inputs both actions take, with the same meaning and defaults. */
export const CommonInputs = {
  ApiKey: { name: 'api-key', required: true },
  BaseUrl: { name: 'base-url', default: DEFAULT_BASE_URL },
  Timeout: { name: 'timeout', default: '30m' },
  PollInterval: { name: 'poll-interval', default: 'auto' },
} as const satisfies Record<string, InputSpec>;

/** What both actions need to talk to the service, read from the common inputs. */
export interface ServiceInputs {
  apiKey: string;
  baseUrl: URL;
  timeoutMs: number;
  pollInterval: 'auto' | number;
}

/**
 * The common inputs but the key, which each action checks first (a missing secret is the most
 * common mistake); these come after the action's own, in action.yml's order.
 */
export function parseServiceSettings(get: InputGetter): Omit<ServiceInputs, 'apiKey'> {
  return {
    baseUrl: parseBaseUrlInput(get(CommonInputs.BaseUrl)),
    timeoutMs: parseTimeoutInput(CommonInputs.Timeout.name, get(CommonInputs.Timeout)),
    pollInterval: parsePollIntervalInput(
      CommonInputs.PollInterval.name,
      get(CommonInputs.PollInterval),
    ),
  };
}

/** The service address input, refused with the client's own reasons. */
export function parseBaseUrlInput(raw: string): URL {
  const name = CommonInputs.BaseUrl.name;
  // A user name or password in the address is never echoed, whatever the error.
  const shown = `("${printable(shownBaseUrl(raw.trim()))}")`;
  if (/\s/.test(raw.trim())) {
    throw new InputError(
      name,
      `${shown} contains white space or a line break`,
      `Give one address, e.g. ${DEFAULT_BASE_URL}.`,
    );
  }
  try {
    return parseBaseUrl(raw || CommonInputs.BaseUrl.default);
  } catch (error) {
    if (error instanceof ApiError) {
      throw new InputError(
        name,
        error.reason.replace(/^base-url "[^"]*" /, `${shown} `),
        error.hint ?? '',
      );
    }
    throw error;
  }
}

/**
 * The root action's api-key: not required there, because a publish of bundle-url asks nothing of
 * the service. The agent's stays required (CommonInputs.ApiKey).
 */
export const OptionalApiKey = {
  name: CommonInputs.ApiKey.name,
  default: '',
  required: false,
} as const satisfies InputSpec;

/**
 * The key of a run that may not need one: blank is accepted when `keyless` (bundle-url is given)
 * and is then '' (no client is made); anything else is checked as parseApiKey checks it.
 */
export function parseOptionalApiKey(raw: string, warnings: string[], keyless: boolean): string {
  return keyless && raw.trim() === '' ? '' : parseApiKey(raw, warnings);
}

export function parseApiKey(raw: string, warnings: string[]): string {
  const name = CommonInputs.ApiKey.name;
  const key = raw.trim();
  if (key === '') {
    throw new InputError(
      name,
      'is empty',
      'Pass the admin API key from a secret: `api-key: ${{ secrets.MINTLIFY_ADMIN_KEY }}`. If the secret is set, check that this workflow can read it (secrets are not passed to workflows triggered from forks).',
    );
  }
  if (/\s/.test(key)) {
    throw new InputError(
      name,
      'contains white space or a line break',
      'Store the key alone, on one line, in the secret.',
    );
  }
  const foreign = /[^\x21-\x7e]/.exec(key);
  if (foreign) {
    throw new InputError(
      name,
      `contains the character ${codePoint(foreign[0])} at position ${foreign.index + 1}, which an API key never has`,
      'Copy the key again from the API keys page of the dashboard: it is plain ASCII.',
    );
  }
  if (key.startsWith('mint_dsc_')) {
    throw new InputError(
      name,
      'is a public assistant key (it starts with mint_dsc_)',
      'These endpoints need an admin API key (it starts with mint_), from the API keys page of the dashboard.',
    );
  }
  if (!key.startsWith('mint_')) {
    warnings.push(
      'Input "api-key" does not start with mint_, as admin API keys do: if the service answers 401, check that the secret holds the admin key.',
    );
  }
  return key;
}
