const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/**
 * Reads a duration: `90s`, `30m`, `1h30m`, `1.5h`, `500ms`, or bare seconds (`90`).
 * Returns milliseconds, or undefined when the text is not a duration.
 */
export function parseDuration(text: string): number | undefined {
  const value = text.trim().toLowerCase();
  if (value === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000);
  if (!/^(\d+(\.\d+)?(ms|h|m|s))+$/.test(value)) return undefined;
  let total = 0;
  for (const part of value.matchAll(/(\d+(?:\.\d+)?)(ms|h|m|s)/g))
    total += Number(part[1]) * UNITS[part[2]!]!;
  return Math.round(total);
}

/** `1h30m`, `2m05s`, `42s`, `0.5s`: short and exact enough for logs. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms)) return '∞';
  if (ms < 1000) return `${(ms / 1000).toFixed(1).replace(/\.0$/, '')}s`;
  let seconds = Math.round(ms / 1000);
  const h = Math.floor(seconds / 3600);
  seconds -= h * 3600;
  const m = Math.floor(seconds / 60);
  const s = seconds - m * 60;
  if (h > 0) return `${h}h${m > 0 ? `${String(m).padStart(2, '0')}m` : ''}`;
  if (m > 0) return `${m}m${s > 0 ? `${String(s).padStart(2, '0')}s` : ''}`;
  return `${s}s`;
}

/**
 * `7d`, `1d12h`, `6h`, `45m`: a long span (a schedule's gaps, a link's lifetime) in the units
 * people use: days and hours from 23h30m on, `formatDuration` below.
 */
export function formatSpan(ms: number): string {
  if (ms < 86_400_000 - 1800_000) return formatDuration(ms);
  const hours = Math.round(ms / 3_600_000);
  const days = Math.floor(hours / 24);
  return hours % 24 > 0 ? `${days}d${hours % 24}h` : `${days}d`;
}

/**
 * A measured duration for a log line: to the millisecond under a minute (`0.342s`, `12.050s`, so
 * that a throughput can be read off it), as `formatDuration` beyond (`2m03s`).
 */
export function formatElapsed(ms: number): string {
  return ms < 60_000 ? `${(ms / 1000).toFixed(3)}s` : formatDuration(ms);
}

/** Helm's `--timeout` wants a unit: `300` becomes `300s`; `5m` is kept. */
export function toGoDuration(ms: number): string {
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000}h`;
  if (ms % 60_000 === 0) return `${ms / 60_000}m`;
  if (ms % 1000 === 0) return `${ms / 1000}s`;
  return `${ms}ms`;
}
