import { expect } from 'vitest';
import { UserError } from '../../src/shared/errors.js';

/** The message of the UserError that `fn` throws (what the user reads); fails when it throws none. */
export function refusal(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(UserError);
    return (error as UserError).message;
  }
  throw new Error('not refused');
}
