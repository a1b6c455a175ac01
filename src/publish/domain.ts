/**
 * The `domain` input: a pasted address (`https://Docs.Example.com/`) is normalised to its host;
 * a path, port, user name, query or look-alike letters are refused with the fix.
 */
import { InputError } from '../shared/errors.js';
import type { InputSpec } from '../shared/inputs.js';
import { codePoint, printable } from '../shared/text.js';

export const DomainInput = { name: 'domain', default: '' } as const satisfies InputSpec;

/** Normalises `https://Docs.Example.com/` to `docs.example.com`; refuses paths, ports, look-alikes. */
export function parseDomain(raw: string, notices: string[]): string | undefined {
  const original = raw.trim();
  if (original === '') return undefined;
  refuseNonAscii(original);
  const host = checkLabels(hostPart(original), original);
  if (host !== original) notices.push(`Input "domain" normalised from "${original}" to "${host}".`);
  return host;
}

/** The host a `domain` value names, as this input reads it; undefined for one it refuses. */
export function hostOf(raw: string): string | undefined {
  try {
    return parseDomain(raw, []);
  } catch (error) {
    if (error instanceof InputError) return undefined;
    throw error;
  }
}

const domainError = (problem: string, fix: string) =>
  new InputError(DomainInput.name, problem, fix);

function refuseNonAscii(original: string): void {
  const nonAscii = /[^\x20-\x7e]/u.exec(original);
  if (nonAscii) {
    throw domainError(
      `("${printable(original)}") contains the non-ASCII character ${codePoint(nonAscii[0])} at position ${nonAscii.index + 1}`,
      'Type the host name in plain ASCII (look-alike letters from other alphabets are refused), or use its punycode form (xn--…).',
    );
  }
}

/**
 * The input as messages may echo it: a pasted `https://user:token@docs.example.com` would put the
 * token in the log, so whatever stands before an `@` of the host part is left out.
 */
function shown(original: string): string {
  return printable(original.replace(/^((?:[a-z][a-z0-9+.-]*:\/\/)?)[^/?#]*@/i, '$1…@'));
}

/** The host of a pasted address: an http(s) scheme and trailing slashes dropped, anything else refused. */
function hostPart(raw: string): string {
  const original = shown(raw);
  let host = raw.toLowerCase();
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//.exec(host);
  if (scheme) {
    if (scheme[1] !== 'https' && scheme[1] !== 'http')
      throw domainError(
        `("${original}") has the scheme ${scheme[1]}://`,
        'Give the host name only, e.g. docs.example.com.',
      );
    host = host.slice(scheme[0].length);
  }
  if (/[?#]/.test(host))
    throw domainError(
      `("${original}") has a query or fragment`,
      'Give the host name only, e.g. docs.example.com.',
    );
  host = host.replace(/\/+$/, '');
  const slash = host.indexOf('/');
  if (slash >= 0)
    throw domainError(
      `("${original}") has a path ("${host.slice(slash)}")`,
      `Static export takes the host name only: use "${shown(host.slice(0, slash))}". The export covers every published page; to export some pages only, list them in the paths input.`,
    );
  if (host.includes('@'))
    throw domainError(
      `("${original}") contains "@"`,
      'Give the host name only, without a user name or password (what stood before the @ is not shown).',
    );
  if (host.includes(':'))
    throw domainError(
      `("${original}") has a port`,
      `Give the host name only: "${shown(host.split(':')[0]!)}".`,
    );
  return host.replace(/\.$/, '');
}

function checkLabels(host: string, original: string): string {
  const labels = host.split('.');
  const badLabel = labels.find((label) => !/^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/.test(label));
  if (labels.length < 2 || badLabel !== undefined || host.length > 253) {
    throw domainError(
      `("${printable(original)}") is not a host name`,
      "Use the site's host name as shown in the dashboard, e.g. docs.example.com or acme.mintlify.app.",
    );
  }
  return host;
}
