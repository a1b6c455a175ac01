import * as v from 'valibot';
import { SERVICE_ID_PATTERN } from '../shared/constants.js';
import { parseTimestamp } from '../shared/expiry.js';

/**
 * Response schemas, shared by the client and the simulator's contract test. They accept extra
 * fields and floats where the contract (docs/service.md) leaves room, and name the field when something required is
 * missing or of the wrong type.
 */

/**
 * Keeps a text from the service readable, bounded and harmless in a log: one line, no control
 * characters. A line break in it could otherwise start a line that the runner reads as a workflow
 * command (`::add-mask::`, `::error::`).
 */
export function cleanText(text: string, max = 300): string {
  const flat = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

/** An id the service hands out (`se_3f9a2c1b8e7d4a06`): printed, and put in paths. */
const serviceId = v.pipe(
  v.string(),
  v.regex(SERVICE_ID_PATTERN, 'must be an id of letters, digits, "_", ".", ":" and "-"'),
);
const count = v.pipe(v.number(), v.minValue(0), v.transform(Math.round));

/**
 * A figure the contract shows without its type (`progress`, `pageCount`): read tolerantly, since it
 * must never fail a publish. A number or a numeric string within [min, max] is read; anything else
 * (out of range, unreadable, null) is `undefined`, shown as unknown, and never acted on.
 */
function tolerantFigure(min: number, max: number, integer: boolean) {
  return v.optional(
    v.pipe(
      v.unknown(),
      v.transform((value): number | undefined => {
        const n =
          typeof value === 'number'
            ? value
            : typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)
              ? Number(value)
              : NaN;
        if (!Number.isFinite(n) || n < min || n > max) return undefined;
        return integer ? Math.round(n) : n;
      }),
    ),
  );
}

/**
 * A status as text. The contract names some statuses and says others are not shown (an export
 * between queued and completed); a status we do not know is a job still working, never a failure
 * to read the answer: the caller decides (only `completed` and `failed` end an export).
 */
const statusText = v.pipe(
  v.string(),
  v.transform((text) => cleanText(text, 40)),
);
const optionalText = v.optional(
  v.nullable(
    v.pipe(
      v.string(),
      v.transform((text) => cleanText(text, 1000)),
    ),
  ),
);

export const ExportJobSchema = v.looseObject({
  jobId: serviceId,
  status: statusText,
  progress: tolerantFigure(0, 100, false),
  pageCount: tolerantFigure(0, Number.MAX_SAFE_INTEGER, true),
  createdAt: optionalText,
  updatedAt: optionalText,
  error: optionalText,
});
export type ExportJob = v.InferOutput<typeof ExportJobSchema>;

export const BundleSchema = v.looseObject({
  jobId: v.optional(v.string()),
  bundleUrl: v.pipe(
    v.string(),
    v.regex(/^https?:\/\/[^\s\u0000-\u001f\u007f]+$/i, 'must be an http(s) link without spaces'),
    v.url('must be an absolute URL'),
  ),
  sizeBytes: count,
  /**
   * When the link expires, in whatever form the service writes it (RFC 3339, epoch seconds or
   * milliseconds): normalised to ISO 8601 UTC, or undefined when it cannot be read (a time without
   * an offset included). Unknown never fails a publish; the run warns, naming expiresAt.
   */
  expiresAt: v.optional(
    v.pipe(
      v.unknown(),
      v.transform((value) => parseTimestamp(value)?.toISOString()),
    ),
  ),
});
export type Bundle = v.InferOutput<typeof BundleSchema>;

export const AgentJobSchema = v.looseObject({
  id: serviceId,
  // An unknown status is a job still working (not final): after a final one, the sign that it
  // took a message up (agent/pickup.ts).
  status: statusText,
  source: v.optional(
    v.nullable(
      v.looseObject({
        repository: optionalText,
        ref: optionalText,
      }),
    ),
  ),
  model: optionalText,
  prLink: optionalText,
  createdAt: optionalText,
  archivedAt: optionalText,
  // Not in the published contract: read when present (like an export job's), for the reason of a
  // failed job.
  error: optionalText,
});
export type AgentJob = v.InferOutput<typeof AgentJobSchema>;

export const ErrorBodySchema = v.looseObject({ error: v.string() });

/** Fields whose value is a secret (the presigned link): a refusal names them, never their value. */
const SECRET_FIELDS = new Set(['bundleUrl']);

/** One line per problem, each naming the field: `field "status" must be one of ...`. */
export function describeIssues(issues: readonly v.BaseIssue<unknown>[]): string {
  return issues
    .slice(0, 5)
    .map((issue) => {
      const path = issue.path?.map((p) => String(p.key)).join('.') ?? '(body)';
      if (issue.kind === 'schema' && issue.received === 'undefined')
        return `field "${path}" is missing`;
      const expectation = issue.message.startsWith('Invalid')
        ? `expected ${issue.expected ?? 'another value'}`
        : issue.message;
      // A malformed link still carries its signature: never print what was received for it.
      if (SECRET_FIELDS.has(path)) return `field "${path}" ${expectation}`;
      return `field "${path}" ${expectation}, got ${cleanText(issue.received, 80)}`;
    })
    .join('; ');
}
