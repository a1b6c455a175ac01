export { ServiceClient, type ClientOptions, type CallOptions } from './client.js';
export { ApiError, isApiError } from './errors.js';
export { parseBaseUrl, isLoopbackHost } from './base-url.js';
export {
  startExport,
  getExport,
  generateBundle,
  type StartExportRequest,
} from './static-export.js';
export { createAgentJob, getAgentJob, sendFollowUp } from './agent.js';
export type { ExportJob, Bundle, AgentJob, ExportStatus, AgentStatus } from './schemas.js';
