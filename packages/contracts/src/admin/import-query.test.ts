import { describe, expect, it } from 'vitest';
import { importQuerySchemaOf } from './jobs';
import { packagesResource } from './resources/packages';
import { tenantUsersResource } from './resources/tenant-users';

describe("importQuerySchemaOf: an import's query string with the resource's own choices (issue 25)", () => {
  const users = importQuerySchemaOf(tenantUsersResource);

  it("takes a declared choice's options and its default when absent", () => {
    expect(users.parse({ mode: 'commit', credentials: 'sms' })).toMatchObject({ credentials: 'sms' });
    expect(users.parse({ mode: 'commit' })).toMatchObject({ mode: 'commit', credentials: 'passwords' });
    expect(users.safeParse({ credentials: 'email' }).success).toBe(false);
  });

  it('refuses a choice another resource declares, and is built once per declaration', () => {
    const packages = importQuerySchemaOf(packagesResource);
    expect(packages.safeParse({ credentials: 'sms' }).success).toBe(false);
    expect(packages.parse({})).toEqual({ mode: 'preview', update: 'false', all: 'false' });
    expect(importQuerySchemaOf(tenantUsersResource)).toBe(users);
  });
});
