import { getTableConfig } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../src/db/schema';
import { type TestInfrastructure, testBackends } from '../support/backends';

describe.each(testBackends())('the typed schema matches the migrations on $name', (backend) => {
  let infra: TestInfrastructure;
  beforeAll(async () => {
    infra = await backend.open();
  });
  afterAll(async () => {
    await infra?.close();
  });

  it('has every table and column the migrations create, with the same nullability', async () => {
    const columns = await infra.db.admin.query<{
      table_name: string;
      column_name: string;
      is_nullable: string;
    }>(
      // Partitions (issue 16: the log tables' months) repeat their parent's columns.
      "SELECT table_name, column_name, is_nullable FROM information_schema.columns WHERE table_schema = 'public' AND table_name <> 'schema_migrations' AND table_name NOT IN (SELECT relname FROM pg_class WHERE relispartition)",
    );
    const inDatabase = columns.map(
      (c) => `${c.table_name}.${c.column_name}:${c.is_nullable === 'NO' ? 'not null' : 'null'}`,
    );
    const inSchema = Object.values(schema).flatMap((table) => {
      const config = getTableConfig(table);
      const primary = new Set(config.primaryKeys.flatMap((pk) => pk.columns.map((c) => c.name)));
      return config.columns.map(
        (c) =>
          `${config.name}.${c.name}:${c.notNull || c.primary || primary.has(c.name) ? 'not null' : 'null'}`,
      );
    });
    expect(inSchema.sort()).toEqual(inDatabase.sort());
  });

  it('puts every tenant-owned table under forced row-level security', async () => {
    const tables = await infra.db.admin.query<{
      relname: string;
      relrowsecurity: boolean;
      relforcerowsecurity: boolean;
    }>(
      `SELECT c.relname, c.relrowsecurity, c.relforcerowsecurity FROM pg_class c
       JOIN information_schema.columns col ON col.table_name = c.relname AND col.column_name = 'tenant_id'
       WHERE c.relkind = 'r' AND col.table_schema = 'public' AND c.relname NOT IN ('sessions')`,
    );
    expect(tables.length).toBeGreaterThanOrEqual(6);
    for (const table of tables) {
      expect({ table: table.relname, rls: table.relrowsecurity, forced: table.relforcerowsecurity }).toEqual({
        table: table.relname,
        rls: true,
        forced: true,
      });
    }
  });
});
