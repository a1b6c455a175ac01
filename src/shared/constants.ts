/** The service's address unless base-url says otherwise. */
export const DEFAULT_BASE_URL = 'https://api.mintlify.com';

/**
 * An id the service hands out (`se_3f9a2c1b8e7d4a06`): printed and put in paths. The response
 * schemas and the job-id inputs use the same pattern, so any id a run printed can be passed back.
 */
export const SERVICE_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,199}$/;

/**
 * After SIGINT/SIGTERM the process exits this long after the cancel, whatever is still running
 * (a runner kills a cancelled step soon after anyway).
 */
export const HARD_EXIT_AFTER_CANCEL_MS = 3000;

/**
 * What is left, after a cancel, for the last calls that report the outcome (the GitHub deployment's
 * final status): the hard exit less a margin for the process to write its last lines. Counted
 * from the cancel, like the hard exit.
 */
export const CANCELLED_REPORT_BUDGET_MS = HARD_EXIT_AFTER_CANCEL_MS - 500;

/** The least time the final report keeps once a cancelled helm is gone. */
const REPORT_AFTER_HELM_MS = 1500;

/**
 * After a cancel, how long helm gets to exit on SIGTERM before it is killed (SIGKILL). The report
 * can only start once helm is gone, and its budget counts from the cancel: the grace and the
 * report's own time both fit in the budget, so both end before the hard exit.
 */
export const HELM_KILL_GRACE_MS = CANCELLED_REPORT_BUDGET_MS - REPORT_AFTER_HELM_MS;
