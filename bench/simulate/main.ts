/**
 * `npm run simulate`: how long the deployed link is dead under each strategy (today's daily
 * schedule, daily plus keep-alive with refresh-before, the bundle-url mirror), over simulated
 * months of GitHub-like scheduling. Seeded and deterministic: the same options print the same
 * tables. docs/keep-alive.md shows a run's output.
 *
 *   npm run simulate [-- --days 90] [-- --seeds 1,2,3,4,5] [-- --quick]
 */
import { report } from './report.js';

const args = process.argv.slice(2);
const value = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
if (args.includes('--help')) {
  console.log(
    'npm run simulate [-- --days 90] [-- --seeds 1,2,3,4,5] [-- --quick]\n  --quick  30 days, seeds 1 and 2, no outage or calibration table',
  );
  process.exit(0);
}
const quick = args.includes('--quick');
const days = Number(value('--days') ?? (quick ? 30 : 90));
const seeds = (value('--seeds') ?? (quick ? '1,2' : '1,2,3,4,5')).split(',').map(Number);
if (!Number.isInteger(days) || days < 1 || seeds.some((s) => !Number.isInteger(s))) {
  console.error('--days takes a whole number of days, --seeds whole numbers separated by commas');
  process.exit(2);
}
process.stdout.write(
  report({
    days,
    seeds,
    outageHours: quick ? [] : [1, 2, 3, 4, 6, 8, 12, 24, 48],
    calibrate: !quick,
  }),
);
