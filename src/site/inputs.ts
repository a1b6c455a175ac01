/** The live-site check's inputs: the page to check after the rollout, and how long to wait. */
import {
  parseHttpUrlInput,
  parseDurationInput,
  type InputGetter,
  type InputSpec,
} from '../shared/inputs.js';

export const VerifyInputs = {
  Url: { name: 'verify-url', default: '' },
  Timeout: { name: 'verify-timeout', default: '5m' },
} as const satisfies Record<string, InputSpec>;

export interface VerifySettings {
  url: URL;
  timeoutMs: number;
}

/** Pods can take a while to start; a check that waits longer than this is not a check. */
const MAX_VERIFY_TIMEOUT_MS = 3_600_000;

/** The check to run, or undefined (with a warning for a verify-timeout set in vain). */
export function parseVerifyInputs(
  get: InputGetter,
  warnings: string[],
): VerifySettings | undefined {
  const urlText = get(VerifyInputs.Url).trim();
  const timeoutText = get(VerifyInputs.Timeout).trim();
  if (urlText === '') {
    if (timeoutText !== VerifyInputs.Timeout.default)
      warnings.push(
        'Input "verify-timeout" is ignored because verify-url is empty: set verify-url to check the live site after the rollout.',
      );
    return undefined;
  }
  return {
    url: parseHttpUrlInput(VerifyInputs.Url.name, urlText, {
      example: 'https://docs.example.com/',
      why: 'The check fetches the page as anyone would: give a public address without credentials.',
    }),
    timeoutMs: parseDurationInput(
      VerifyInputs.Timeout.name,
      timeoutText,
      1000,
      MAX_VERIFY_TIMEOUT_MS,
    ),
  };
}
