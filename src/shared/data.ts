/**
 * Parsed YAML or JSON as plain data: a mapping is a `Data`. One definition for every layer, from
 * the controllers' rules (controllers/) up.
 */
export type Data = Record<string, unknown>;

export const isObject = (value: unknown): value is Data =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
