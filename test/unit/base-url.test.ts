import { describe, expect, it } from 'vitest';
import { joinUrl, parseBaseUrl } from '../../src/api/base-url.js';
import { ApiError } from '../../src/api/errors.js';
import { parseBaseUrlInput } from '../../src/api/inputs.js';
import { InputError } from '../../src/shared/errors.js';

describe('parseBaseUrl', () => {
  it.each([
    ['https://api.mintlify.com', 'https://api.mintlify.com/v1/static-export/jobs'],
    ['https://api.mintlify.com/', 'https://api.mintlify.com/v1/static-export/jobs'],
    ['  https://api.mintlify.com//  ', 'https://api.mintlify.com//v1/static-export/jobs'],
    ['https://proxy.corp/docs-api', 'https://proxy.corp/docs-api/v1/static-export/jobs'],
    ['https://proxy.corp/docs-api/', 'https://proxy.corp/docs-api/v1/static-export/jobs'],
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080/v1/static-export/jobs'],
    ['http://localhost:8080/sim', 'http://localhost:8080/sim/v1/static-export/jobs'],
    ['http://[::1]:9000', 'http://[::1]:9000/v1/static-export/jobs'],
  ])('joins %s', (raw, expected) => {
    expect(joinUrl(parseBaseUrl(raw), 'v1/static-export/jobs').href).toBe(expected);
    expect(joinUrl(parseBaseUrl(raw), '/v1/static-export/jobs').href).toBe(expected);
  });

  it.each([
    ['', /is empty/],
    ['api.mintlify.com', /has no scheme.*https:\/\/api\.mintlify\.com/],
    ['http://api.mintlify.com', /plain http:\/\/.*not loopback/],
    ['http://10.0.0.5:8080', /plain http:\/\//],
    ['ftp://api.mintlify.com', /uses ftp:\/\//],
    ['https://api.mintlify.com/?x=1', /query or fragment/],
    ['https://user:secret@api.mintlify.com', /user name or password/],
    ['https://exa mple.com', /not a valid URL/],
  ])('refuses %j', (raw, message) => {
    let error: unknown;
    try {
      parseBaseUrl(raw);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toMatch(message);
    expect((error as ApiError).message).toMatch(/base-url/);
    expect((error as ApiError).message).not.toContain('secret');
  });
});

describe('base-url as an input: a user name or password in it is never printed', () => {
  it.each([
    [
      'https://deploy:hunter2secret@api.mintlify.com',
      /\("\(redacted\)"\) contains a user name or password/,
    ],
    [
      'deploy:hunter2secret@api.mintlify.com',
      /\("\(redacted\)"\) has no scheme\. Write it with https:\/\/\.$/,
    ],
    ['http://deploy:hunter2secret@api.mintlify.com', /\("\(redacted\)"\) uses plain http:\/\//],
    ['https://deploy:hunter2secret@api.mintlify.com/x?y=1', /\("\(redacted\)"\)/],
    ['https://deploy:hunter2 secret@api.mintlify.com', /\("\(redacted\)"\) contains white space/],
  ])('%j', (raw, message) => {
    let error: unknown;
    try {
      parseBaseUrlInput(raw);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).message).toMatch(/^Input "base-url" /);
    expect((error as InputError).message).toMatch(message);
    expect((error as InputError).message).not.toMatch(/hunter2|deploy/);
  });
});
