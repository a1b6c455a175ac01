import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const HELPERS = new URL('../helpers/', import.meta.url);

describe('the test helpers', () => {
  it('register no vitest hook when loaded: a worker that keeps its modules runs it for its first file only', () => {
    const hooked = readdirSync(HELPERS)
      .filter((name) => name.endsWith('.ts'))
      .filter((name) =>
        /^(afterEach|afterAll|beforeEach|beforeAll)\(/m.test(
          readFileSync(new URL(name, HELPERS), 'utf8'),
        ),
      );
    expect(hooked).toEqual([]);
  });
});
