import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { USER_AGENT, VERSION } from '../../src/shared/version.js';

it('VERSION matches package.json and names the project in the User-Agent', () => {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  expect(VERSION).toBe(pkg.version);
  expect(USER_AGENT).toBe(`static-export-helm-action/${pkg.version}`);
});
