/** What each request is, and what each job looks like at a given moment, as the service shows it. */
import type { AgentJobState, ExportJobState, SimOperation } from './types.js';

const REPOSITORY = 'https://github.com/acme/docs';

/** Which operation a request is, and its path parameters. */
export function classify(method: string, path: string): { op: SimOperation; params: string[] } {
  let m: RegExpExecArray | null;
  if (method === 'POST' && path === '/v1/static-export/jobs')
    return { op: 'start-export', params: [] };
  if (method === 'GET' && (m = /^\/v1\/static-export\/jobs\/([^/]+)$/.exec(path)))
    return { op: 'get-export', params: [m[1]!] };
  if (method === 'POST' && (m = /^\/v1\/static-export\/jobs\/([^/]+)\/bundle$/.exec(path)))
    return { op: 'bundle', params: [m[1]!] };
  if (method === 'POST' && (m = /^\/v2\/agent\/([^/]+)\/job$/.exec(path)))
    return { op: 'create-agent', params: [m[1]!] };
  if (method === 'GET' && (m = /^\/v2\/agent\/([^/]+)\/job\/([^/]+)$/.exec(path)))
    return { op: 'get-agent', params: [m[1]!, m[2]!] };
  if (method === 'POST' && (m = /^\/v2\/agent\/([^/]+)\/job\/([^/]+)\/message$/.exec(path)))
    return { op: 'message', params: [m[1]!, m[2]!] };
  return { op: 'unknown', params: [] };
}

/** The public view of an export job at this moment. */
export function exportView(
  job: ExportJobState,
  now: number,
  random: () => number,
): Record<string, unknown> {
  const s = job.scenario;
  const elapsed = now - job.createdAt;
  let status: 'queued' | 'running' | 'completed' | 'failed';
  let progress: number;
  if (elapsed < s.queuedMs) {
    status = 'queued';
    progress = 0;
  } else if (s.outcome === 'never' || elapsed < s.queuedMs + s.runningMs) {
    status = 'running';
    const fraction = s.runningMs > 0 ? (elapsed - s.queuedMs) / s.runningMs : 1;
    // Like a counter of finished pages: it lags the work by up to progressNoise points, never leads.
    const noisy = fraction * 100 - random() * s.progressNoise;
    progress = Math.min(s.outcome === 'never' ? 99 : 99.9, Math.max(job.lastProgress, noisy));
  } else {
    status = s.outcome === 'failed' ? 'failed' : 'completed';
    progress = s.outcome === 'failed' ? job.lastProgress : 100;
  }
  progress = Math.round(progress * 10) / 10;
  if (progress !== job.lastProgress || status === 'completed' || status === 'failed') {
    job.lastProgress = progress;
    job.updatedAt =
      status === 'completed' || status === 'failed'
        ? job.createdAt + s.queuedMs + s.runningMs
        : now;
  }
  const pages = job.paths?.length ?? s.pageCount;
  const view: Record<string, unknown> = {
    jobId: job.jobId,
    status,
    progress,
    pageCount: status === 'completed' ? pages : Math.floor((progress / 100) * pages),
    createdAt: new Date(job.createdAt).toISOString(),
    updatedAt: new Date(job.updatedAt).toISOString(),
    domain: job.domain,
  };
  if (s.answerStyle === 'loose') {
    if (status === 'running' && progress < 50) view.status = 'rendering';
    view.pageCount = String(view.pageCount);
    view.progress = progress * 2.5;
  }
  if (job.version) view.version = job.version;
  if (status === 'failed') view.error = s.error;
  else view.error = null;
  return view;
}

/** The public view of an agent job at this moment. */
export function agentView(job: AgentJobState, now: number): Record<string, unknown> {
  if (job.previous && now < job.pickupAt) return agentView(job.previous, now);
  const done = job.scenario.outcome !== 'never' && now - job.activeSince >= job.scenario.activeMs;
  let status: string = 'active';
  if (job.finalStatus) status = job.finalStatus;
  else if (done) status = job.scenario.outcome;
  const finished = status !== 'active';
  const withPr = finished && status !== 'failed' && job.scenario.prLink;
  return {
    id: job.id,
    status,
    source: { repository: REPOSITORY, ref: job.ref },
    model: 'claude-sonnet-4-5',
    prLink: withPr ? `${REPOSITORY}/pull/${job.prNumber}` : null,
    createdAt: new Date(job.createdAt).toISOString(),
    archivedAt:
      status === 'archived'
        ? new Date(job.activeSince + job.scenario.activeMs).toISOString()
        : null,
    ...(status === 'failed' ? { error: job.scenario.error } : {}),
  };
}
