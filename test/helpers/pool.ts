/** Runs `task(0..count-1)` with at most `parallel` at a time; results in index order. */
export async function pool<T>(
  count: number,
  task: (i: number) => Promise<T>,
  parallel: number,
): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    [...Array(parallel).keys()].map(async () => {
      while (next < count) {
        const i = next++;
        results[i] = await task(i);
      }
    }),
  );
  return results;
}
