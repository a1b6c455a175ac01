/**
 * A small pure model of GitHub's concurrency group for the review loop: one run running, one
 * pending, and a run that joins while one is pending cancels the pending one (cancel-in-progress
 * false spares only the running one). Events add comments to a pull request; a run that starts
 * reads the pull request as it is then and sends what the action's own rule finds untaken
 * (items.ts followUpItems, with the action's mark lines from comment.ts), marking each as taken.
 * The rule of which runs sweep is a parameter, so the old rule (only a /agent event's run sweeps)
 * can be shown to lose an instruction.
 */
import { itemLine, REPLY_MARKER } from '../../src/agent/comment.js';
import { followUpItems } from '../../src/agent/items.js';
import type { IssueComment } from '../../src/github/pull-request.js';

/** `cmd`: a trusted /agent comment; `noise`: any other comment (LGTM, a bot, a refused /agent). */
export type ModelEvent = 'cmd' | 'noise';
/** A step: an event arrives, or the running run ends (and the pending one starts). */
export type Step = ModelEvent | 'finish';

/** Which runs sweep: every run (the loop now), or only a /agent event's (the loop before). */
export type SweepRule = 'every-run' | 'command-runs-only';

interface Run {
  event: ModelEvent;
}

const person = { login: 'octocat', bot: false, association: 'MEMBER' };
const app = { login: 'github-actions[bot]', bot: true, association: 'NONE' };

/** What happened: the instructions written, and how many messages each got. */
export interface Outcome {
  written: number[];
  /** Comment id → messages sent for it. */
  sent: Map<number, number>;
  cancelled: number;
}

/** Plays the steps, then lets every run left finish. */
export function play(steps: readonly Step[], rule: SweepRule): Outcome {
  const comments: IssueComment[] = [];
  const written: number[] = [];
  const sent = new Map<number, number>();
  let running: Run | undefined;
  let pending: Run | undefined;
  let cancelled = 0;
  let next = 1;
  const comment = (body: string, author = person): IssueComment => {
    const id = next++;
    const at = new Date(Date.UTC(2026, 2, 2, 9, 0, id)).toISOString();
    const c = { id, body, author, url: `u#${id}`, createdAt: at, updatedAt: at };
    comments.push(c);
    return c;
  };
  // A run starts: it reads the pull request now, and claims and sends what no run took.
  const start = (run: Run) => {
    running = run;
    if (rule === 'command-runs-only' && run.event !== 'cmd') return;
    const lists = { issueComments: [...comments], reviewComments: [], reviews: [] };
    for (const item of followUpItems(lists, '/agent')) {
      comment(`${REPLY_MARKER}\n${itemLine('taken', item)}\n✅ Done`, app);
      sent.set(item.id, (sent.get(item.id) ?? 0) + 1);
    }
  };
  const finish = () => {
    running = undefined;
    const waiting = pending;
    pending = undefined;
    if (waiting) start(waiting);
  };
  for (const step of steps) {
    if (step === 'finish') {
      if (running) finish();
      continue;
    }
    if (step === 'cmd') written.push(comment(`/agent Fix part ${next}.`).id);
    else comment('LGTM');
    const run = { event: step };
    if (!running) start(run);
    else {
      if (pending) cancelled++;
      pending = run;
    }
  }
  while (running) finish();
  return { written, sent, cancelled };
}

/** Every step sequence with up to `events` events, a finish allowed after each one. */
export function everyOrder(events: number): Step[][] {
  const out: Step[][] = [[]];
  const grow = (prefix: Step[], left: number) => {
    if (left === 0) return;
    for (const event of ['cmd', 'noise'] as const)
      for (const finishes of [0, 1, 2]) {
        const seq = [...prefix, event, ...Array<Step>(finishes).fill('finish')];
        out.push(seq);
        grow(seq, left - 1);
      }
  };
  grow([], events);
  return out;
}

/** A seeded sample of sequences of exactly `events` events (mulberry32). */
export function sampleOrders(events: number, count: number, seed: number): Step[][] {
  let a = seed >>> 0;
  const random = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return Array.from({ length: count }, () => {
    const seq: Step[] = [];
    for (let i = 0; i < events; i++) {
      seq.push(random() < 0.5 ? 'cmd' : 'noise');
      const finishes = Math.floor(random() * 3);
      for (let f = 0; f < finishes; f++) seq.push('finish');
    }
    return seq;
  });
}

/** The instructions that did not get exactly one message (empty: every one did). */
export function notOnce(outcome: Outcome): string[] {
  return outcome.written.flatMap((id) => {
    const n = outcome.sent.get(id) ?? 0;
    return n === 1 ? [] : [`comment ${id}: ${n} messages`];
  });
}
