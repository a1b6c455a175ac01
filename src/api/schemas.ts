import * as v from 'valibot';
import { SERVICE_ID_PATTERN } from '../shared/constants.js';

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
const optionalText = v.optional(
  v.nullable(
    v.pipe(
      v.string(),
      v.transform((text) => cleanText(text, 1000)),
    ),
  ),
);

export const EXPORT_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

export const ExportJobSchema = v.looseObject({
  jobId: serviceId,
  status: v.picklist(EXPORT_STATUSES, `must be one of ${EXPORT_STATUSES.join(', ')}`),
  progress: v.optional(v.nullable(v.pipe(v.number(), v.minValue(0), v.maxValue(100)))),
  pageCount: v.optional(v.nullable(count)),
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
  expiresAt: v.pipe(v.string(), v.isoTimestamp('must be an ISO 8601 date-time')),
});
export type Bundle = v.InferOutput<typeof BundleSchema>;

export const AGENT_STATUSES = ['active', 'completed', 'archived', 'failed'] as const;
export type AgentStatus = (typeof AGENT_STATUSES)[number];

export const AgentJobSchema = v.looseObject({
  id: serviceId,
  status: v.picklist(AGENT_STATUSES, `must be one of ${AGENT_STATUSES.join(', ')}`),
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
