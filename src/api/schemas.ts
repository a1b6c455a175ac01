import * as v from 'valibot';

/**
 * Response schemas, shared by the client and the simulator's contract test. They accept extra
 * fields and floats where SERVICE.md leaves room, and name the field when something required is
 * missing or of the wrong type.
 */

const nonEmptyString = v.pipe(v.string(), v.minLength(1, 'must be a non-empty string'));
const count = v.pipe(v.number(), v.minValue(0), v.transform(Math.round));
const optionalText = v.optional(v.nullable(v.string()));

export const EXPORT_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

export const ExportJobSchema = v.looseObject({
  jobId: nonEmptyString,
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
  bundleUrl: v.pipe(v.string(), v.url('must be an absolute URL')),
  sizeBytes: count,
  expiresAt: v.pipe(v.string(), v.isoTimestamp('must be an ISO 8601 date-time')),
});
export type Bundle = v.InferOutput<typeof BundleSchema>;

export const AGENT_STATUSES = ['active', 'completed', 'archived', 'failed'] as const;
export type AgentStatus = (typeof AGENT_STATUSES)[number];

export const AgentJobSchema = v.looseObject({
  id: nonEmptyString,
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
});
export type AgentJob = v.InferOutput<typeof AgentJobSchema>;

export const ErrorBodySchema = v.looseObject({ error: v.string() });

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
      return `field "${path}" ${expectation}, got ${issue.received}`;
    })
    .join('; ');
}
