import { describe, expect, it } from 'vitest';
import type { AgentJob } from '../../src/api/schemas.js';
import { FollowUpUnconfirmed, Pickup } from '../../src/agent/pickup.js';

const job = (status: string, prLink: string | null = null, ref = 'agent-1'): AgentJob => ({
  id: 'aj_1',
  status,
  prLink,
  source: { repository: 'https://github.com/acme/docs', ref },
});
const PR7 = 'https://github.com/acme/docs/pull/7';
const PR8 = 'https://github.com/acme/docs/pull/8';

describe('a follow-up counts a final status only after the job took the message up', () => {
  it('an old completed with its old link is not the result: the wait goes on within the grace', () => {
    const p = new Pickup(job('completed', PR7), 0, 10_000);
    p.see(job('completed', PR7), 1500);
    expect(p.confirmed).toBe(false);
    expect(p.done(job('completed', PR7), 1500)).toBe(false);
    expect(p.waiting(1500)).toBe(true);
  });

  it('active after the send confirms, and the next final status is the result', () => {
    const p = new Pickup(job('completed', PR7), 0, 10_000);
    p.see(job('active'), 3000);
    expect(p.sign).toBe('active after the send');
    expect(p.done(job('active'), 3000)).toBe(false);
    expect(p.done(job('completed', PR8), 9000)).toBe(true);
  });

  it('any status that is not final after a final one confirms, one the contract does not name included; another final status alone does not', () => {
    const p = new Pickup(job('completed', PR7), 0, 10_000);
    p.see(job('queued'), 2000);
    expect(p.sign).toBe('queued after the send');
    const q = new Pickup(job('completed', PR7), 0, 10_000);
    q.see(job('archived', PR7), 2000);
    expect(q.confirmed).toBe(false);
  });

  it('unconfirmed says "as before" only when the job shows what it showed before', () => {
    const before = job('completed', PR7);
    expect(new FollowUpUnconfirmed(job('completed', PR7), 3000, before).message).toContain(
      `it still shows status completed and pull request ${PR7}, as before the message.`,
    );
    const moved = new FollowUpUnconfirmed(job('archived', PR7), 3000, before);
    expect(moved.asBefore).toBe(false);
    expect(moved.message).toContain(
      `it shows status archived and pull request ${PR7}, with no sign that it took the message up.`,
    );
    expect(moved.message).not.toContain('as before');
  });

  it('a new pull-request link confirms even when active was never seen between two looks', () => {
    const p = new Pickup(job('completed', PR7), 0, 10_000);
    p.see(job('completed', PR8), 4000);
    expect(p.sign).toBe('a new pull-request link');
  });

  it('after the grace without a sign the wait ends unconfirmed', () => {
    const p = new Pickup(job('failed'), 0, 10_000);
    p.see(job('failed'), 9999);
    expect(p.done(job('failed'), 9999)).toBe(false);
    expect(p.done(job('failed'), 10_000)).toBe(true);
    expect(p.confirmed).toBe(false);
  });

  it('an unknown status after a final one is work in progress: a sign, and no end', () => {
    const p = new Pickup(job('completed', PR7), 0, 5000);
    p.see(job('thinking'), 1000);
    expect(p.sign).toBe('thinking after the send');
    expect(p.done(job('thinking'), 1000)).toBe(false);
    expect(p.done(job('thinking'), 60_000)).toBe(false);
    expect(p.done(job('completed', PR8), 61_000)).toBe(true);
  });

  it('a job busy at the send: active is no sign, and the grace starts at its first final status', () => {
    const p = new Pickup(job('active'), 0, 5000);
    p.see(job('active'), 60_000);
    expect(p.confirmed).toBe(false);
    expect(p.done(job('active'), 60_000)).toBe(false);
    p.see(job('completed', PR7), 90_000);
    expect(p.done(job('completed', PR7), 94_999)).toBe(false);
    p.see(job('active'), 92_000);
    // Final → active again: the job took the queued message up.
    expect(p.sign).toBe('active after the send');
  });

  it("a caller's sign (a new commit) confirms; the result is the final status of a later look", () => {
    const p = new Pickup(job('completed', PR7), 0, 5000);
    p.see(job('completed', PR7), 100);
    p.confirm('a new commit on pull request #7');
    expect(p.sign).toBe('a new commit on pull request #7');
    // The look that came with the sign may still show the job's past.
    expect(p.done(job('completed', PR7), 100)).toBe(false);
    p.see(job('completed', PR7), 1600);
    expect(p.done(job('completed', PR7), 1600)).toBe(true);
  });

  it('a new job needs no pickup: its states are its own', () => {
    const p = new Pickup(undefined, 0, 5000);
    expect(p.confirmed).toBe(true);
    expect(p.done(job('completed', PR7), 0)).toBe(true);
  });
});
