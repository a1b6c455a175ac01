/** The static export operations, one service call each (contract: docs/service.md, "Static export"). */
import type { CallOptions, Operation, ServiceClient } from './client.js';
import { BundleSchema, ExportJobSchema, type Bundle, type ExportJob } from './schemas.js';

export interface StartExportRequest {
  /** Host name only: `docs.example.com`. */
  domain: string;
  /** Export version label; the latest published version when absent. */
  version?: string;
  /** Page paths such as `guides/getting-started`; every published page when absent. */
  paths?: string[];
}

const hints = {
  forbiddenHint:
    // The service's own text is quoted before this hint: it may name another cause than the plan.
    "The likely cause: static export is not enabled for this organization (it needs the Enterprise plan, which the vendor enables). Other causes are possible, e.g. an api-key of another organization: read the service's message, and ask the vendor if it does not say.",
  notFoundHint:
    'No export job has this id for this key: check the job-id input (it looks like se_3f9a2c1b8e7d4a06) and that the key belongs to the organization that started it.',
};

function jobPath(jobId: string): string {
  return `v1/static-export/jobs/${encodeURIComponent(jobId)}`;
}

/** Starts an export job. Not idempotent: only retried where the service cannot have acted. */
export function startExport(
  client: ServiceClient,
  request: StartExportRequest,
  call?: CallOptions,
): Promise<ExportJob> {
  const body: Record<string, unknown> = { domain: request.domain };
  if (request.version) body.version = request.version;
  if (request.paths && request.paths.length > 0) body.paths = request.paths;
  const op: Operation<typeof ExportJobSchema> = {
    name: 'start export job',
    method: 'POST',
    path: 'v1/static-export/jobs',
    body,
    schema: ExportJobSchema,
    idempotent: false,
    hints,
  };
  return client.request(op, call);
}

export function getExport(
  client: ServiceClient,
  jobId: string,
  call?: CallOptions,
): Promise<ExportJob> {
  return client.request(
    {
      name: `get export job ${jobId}`,
      method: 'GET',
      path: jobPath(jobId),
      schema: ExportJobSchema,
      idempotent: true,
      hints,
    },
    call,
  );
}

/** Generates a fresh presigned link; safe to repeat (it does not consume the job). */
export function generateBundle(
  client: ServiceClient,
  jobId: string,
  call?: CallOptions,
): Promise<Bundle> {
  return client.request(
    {
      name: `generate bundle for export job ${jobId}`,
      method: 'POST',
      path: `${jobPath(jobId)}/bundle`,
      schema: BundleSchema,
      idempotent: true,
      hints: {
        ...hints,
        conflictHint:
          'The export job has not finished yet: a bundle can only be generated once its status is completed.',
      },
    },
    call,
  );
}
