import { commonEnds } from './source.js';

/**
 * A unified diff of two texts, by lines: the common head and tail are cut first, so a small edit
 * of a large file costs little; the middle is compared with a longest-common-subsequence table.
 */
export function unifiedDiff(before: string, after: string, name: string, context = 3): string {
  if (before === after) return '';
  const a = splitLines(before);
  const b = splitLines(after);
  const { head, tail } = commonEnds(a, b);
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);
  const ops: { op: ' ' | '-' | '+'; line: string; ai: number; bi: number }[] = [];
  for (let i = 0; i < head; i++) ops.push({ op: ' ', line: a[i]!, ai: i, bi: i });
  for (const m of middle(midA, midB)) {
    ops.push({ op: m.op, line: m.line, ai: head + m.ai, bi: head + m.bi });
  }
  for (let i = tail; i > 0; i--)
    ops.push({ op: ' ', line: a[a.length - i]!, ai: a.length - i, bi: b.length - i });

  const out = [`--- a/${name}`, `+++ b/${name}`];
  let i = 0;
  while (i < ops.length) {
    if (ops[i]!.op === ' ') {
      i++;
      continue;
    }
    const start = Math.max(0, i - context);
    let end = i;
    // Extend the hunk while changes are within 2*context lines of each other.
    for (;;) {
      while (end < ops.length && ops[end]!.op !== ' ') end++;
      let next = end;
      while (next < ops.length && ops[next]!.op === ' ') next++;
      if (next < ops.length && next - end <= 2 * context) {
        end = next;
        continue;
      }
      break;
    }
    const stop = Math.min(ops.length, end + context);
    const hunk = ops.slice(start, stop);
    const aStart = hunk.find((o) => o.op !== '+')?.ai ?? ops[start]!.ai;
    const bStart = hunk.find((o) => o.op !== '-')?.bi ?? ops[start]!.bi;
    const aCount = hunk.filter((o) => o.op !== '+').length;
    const bCount = hunk.filter((o) => o.op !== '-').length;
    out.push(
      `@@ -${aCount === 0 ? aStart : aStart + 1},${aCount} +${bCount === 0 ? bStart : bStart + 1},${bCount} @@`,
    );
    for (const o of hunk) out.push(`${o.op}${o.line}`);
    i = stop;
  }
  return `${out.join('\n')}\n`;
}

function splitLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines.map((l) => l.replace(/\r$/, ''));
}

function middle(a: string[], b: string[]) {
  const result: { op: '-' | '+' | ' '; line: string; ai: number; bi: number }[] = [];
  if (a.length * b.length > 4_000_000) {
    // Too large to compare line by line: show it as a replacement.
    a.forEach((line, ai) => result.push({ op: '-', line, ai, bi: 0 }));
    b.forEach((line, bi) => result.push({ op: '+', line, ai: a.length, bi }));
    return result;
  }
  const table: Uint32Array[] = Array.from(
    { length: a.length + 1 },
    () => new Uint32Array(b.length + 1),
  );
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      table[i]![j] =
        a[i] === b[j] ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
    }
  }
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      result.push({ op: ' ', line: a[i]!, ai: i, bi: j });
      i++;
      j++;
    } else if (i < a.length && (j === b.length || table[i + 1]![j]! >= table[i]![j + 1]!)) {
      result.push({ op: '-', line: a[i]!, ai: i, bi: j });
      i++;
    } else {
      result.push({ op: '+', line: b[j]!, ai: i, bi: j });
      j++;
    }
  }
  return result;
}
