/**
 * One rule for "maybe received", the client's and the agent's together, against the simulator
 * (real HTTP): the follow-up message is not idempotent, so once it may have reached the service
 * (any answer after the body was sent, a 503 included, as a gateway may answer it after passing
 * the request on) it is never sent again; only a request that never left (connection refused) is
 * retried. What the client did not repeat is what the agent settles by the job's pickup
 * (mayHaveArrived). Deliveries are counted at the service: the messages the job took.
 */
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { sendFollowUp } from '../../src/api/agent.js';
import { ApiError } from '../../src/api/errors.js';
import { ServiceClient } from '../../src/api/client.js';
import { mayHaveArrived } from '../../src/agent/job.js';
import { caught, client, closeAfterTest, finishedAgentJob, sim } from '../helpers/sim.js';

/** A loopback port nothing listens on (taken, then given back). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe.concurrent('the follow-up message, sent at most once', () => {
  it('recorded by the service, then answered 503: not sent again; maybe received, by both rules', async () => {
    const s = await sim();
    const jobId = await finishedAgentJob(s);
    s.inject({ op: 'message', fault: { type: 'status-after', status: 503 } });
    const error = await caught<ApiError>(() =>
      sendFollowUp(client(s), s.projectId, jobId, 'Fix the FAQ link.'),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(503);
    expect(s.requestsFor('message').map((r) => r.status)).toEqual([503]);
    // Counted at the service: the job took it once.
    expect(s.agentJobs.get(jobId)!.messages).toBe(1);
    expect(error.mayHaveReached).toBe(true);
    expect(mayHaveArrived(error)).toBe(true);
  });

  it('answered 503 without being recorded: not sent again either (the client cannot tell the two apart)', async () => {
    const s = await sim();
    const jobId = await finishedAgentJob(s);
    s.inject({ op: 'message', times: 5, fault: { type: 'status', status: 503 } });
    const error = await caught<ApiError>(() =>
      sendFollowUp(client(s), s.projectId, jobId, 'Fix the FAQ link.'),
    );
    expect(s.requestsFor('message')).toHaveLength(1);
    expect(s.agentJobs.get(jobId)!.messages).toBe(0);
    expect(mayHaveArrived(error)).toBe(true);
  });

  it('a reset after the service took it: not sent again, maybe received', async () => {
    const s = await sim();
    const jobId = await finishedAgentJob(s);
    s.inject({ op: 'message', fault: { type: 'reset-after' } });
    const error = await caught<ApiError>(() =>
      sendFollowUp(client(s), s.projectId, jobId, 'Fix the FAQ link.'),
    );
    expect(s.requestsFor('message')).toHaveLength(1);
    expect(s.agentJobs.get(jobId)!.messages).toBe(1);
    expect(error.neverSent).toBe(false);
    expect(mayHaveArrived(error)).toBe(true);
  });

  it('connection refused: retried (it never left), and then "not sent", by both rules', async () => {
    const port = await closedPort();
    const c = closeAfterTest(
      new ServiceClient({
        baseUrl: `http://127.0.0.1:${port}`,
        apiKey: 'mint_test',
        retry: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 2 },
      }),
    );
    const error = await caught<ApiError>(() => sendFollowUp(c, 'proj_1', 'aj_1', 'Fix it.'));
    expect(error.kind).toBe('network');
    expect(error.attempts).toBe(3);
    expect(error.neverSent).toBe(true);
    expect(error.mayHaveReached).toBe(false);
    expect(mayHaveArrived(error)).toBe(false);
  });

  it('a 503 on a read (idempotent) is still retried: the rule is the message’s', async () => {
    const s = await sim();
    const jobId = await finishedAgentJob(s);
    s.inject({ op: 'get-agent', fault: { type: 'status', status: 503 } });
    const c = client(s);
    const { getAgentJob } = await import('../../src/api/agent.js');
    await getAgentJob(c, s.projectId, jobId);
    expect(s.requestsFor('get-agent').map((r) => r.status)).toEqual([503, 200]);
  });
});
