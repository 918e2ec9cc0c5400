import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles, tenantLoginConfigs, tenantMemberships } from '../../src/db/schema';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { loadDemoSeed } from '../support/test-app';

const WATER = 't-water';
const ENERGY = 't-energy';

describe.each(testBackends())('tenant isolation by row-level security on $name', (backend) => {
  let infra: TestInfrastructure;

  beforeAll(async () => {
    infra = await backend.open();
    await loadDemoSeed(infra.db);
  });
  afterAll(async () => {
    await infra?.close();
  });

  it('shows a tenant only its own rows, whatever the query asks for', async () => {
    const seenByWater = await infra.db.withTenant(WATER, (tx) => tx.select().from(roles));
    expect(seenByWater.length).toBeGreaterThan(0);
    expect(new Set(seenByWater.map((r) => r.tenantId))).toEqual(new Set([WATER]));

    const asked = await infra.db.withTenant(WATER, (tx) =>
      tx.select().from(roles).where(eq(roles.tenantId, ENERGY)),
    );
    expect(asked).toEqual([]);
  });

  it('shows nothing when no tenant is set: isolation fails closed', async () => {
    for (const table of [roles, tenantMemberships, tenantLoginConfigs]) {
      const rows = await infra.db.withNoTenant((tx) => tx.select().from(table));
      expect(rows).toEqual([]);
    }
  });

  it('refuses to write a row into another tenant', async () => {
    await expect(
      infra.db.withTenant(WATER, (tx) =>
        tx.insert(roles).values({ tenantId: ENERGY, id: 'intruder', code: 'intruder', name: 'x' }),
      ),
    ).rejects.toSatisfy((error: Error & { cause?: Error }) =>
      /row-level security/.test(`${error.message} ${error.cause?.message ?? ''}`),
    );
    const energyRoles = await infra.db.withTenant(ENERGY, (tx) =>
      tx.select().from(roles).where(eq(roles.id, 'intruder')),
    );
    expect(energyRoles).toEqual([]);
  });

  it("cannot update or delete another tenant's rows", async () => {
    const updated = await infra.db.withTenant(WATER, (tx) =>
      tx.update(roles).set({ name: 'hijacked' }).where(eq(roles.tenantId, ENERGY)).returning(),
    );
    expect(updated).toEqual([]);
    const deleted = await infra.db.withTenant(WATER, (tx) =>
      tx.delete(tenantMemberships).where(eq(tenantMemberships.tenantId, ENERGY)).returning(),
    );
    expect(deleted).toEqual([]);
    const energyNames = await infra.db.withTenant(ENERGY, (tx) =>
      tx.select({ name: roles.name }).from(roles),
    );
    expect(energyNames.map((r) => r.name)).not.toContain('hijacked');
    const members = await infra.db.withTenant(ENERGY, (tx) => tx.select().from(tenantMemberships));
    expect(members.length).toBe(2);
  });

  it('runs as a role that is neither superuser nor allowed to bypass row-level security', async () => {
    const [role] = await infra.db.withTenant(WATER, (tx) =>
      tx
        .execute(sql`SELECT current_user AS name`)
        .then((r) => (r as unknown as { rows: { name: string }[] }).rows),
    );
    expect(role?.name).toBe('uniwim_app');
    const [flags] = await infra.db.admin.query<{ rolsuper: boolean; rolbypassrls: boolean }>(
      "SELECT rolsuper, rolbypassrls FROM pg_roles WHERE rolname = 'uniwim_app'",
    );
    expect(flags).toEqual({ rolsuper: false, rolbypassrls: false });
  });
});
