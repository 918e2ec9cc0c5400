import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, migrate } from '../../src/platform/db/migrate';
import { pgliteRunner, poolRunner, type SqlRunner } from '../../src/platform/db/sql-runner';
import { createScratchDatabase } from '../support/backends';

const MIGRATION = '0026_dictionaries_parameters.sql';

/** An installation as it was before migration 0026: jsonb dictionaries, copies marked inherited. */
const LEGACY_DATA = `
  INSERT INTO tenants (id, code, name) VALUES ('t-a', 'a', '甲公司'), ('t-b', 'b', '乙公司');
  INSERT INTO platform_dictionaries (code, name, items) VALUES
    ('deviceType', '设备类型', '[{"value":"pump","name":"水泵","sort":1},{"value":"valve","name":"阀门","sort":2},
                               {"value":"sensor","name":"传感器","sort":3}]');
  INSERT INTO tenant_dictionaries (tenant_id, code, name, items, inherited) VALUES
    ('t-a', 'deviceType', '设备类型', '[{"value":"pump","name":"离心泵","sort":1},{"value":"valve","name":"阀门","sort":2},
                                     {"value":"hydrant","name":"消防栓","sort":4}]', false),
    ('t-a', 'pipe.Material', '管材', '[{"value":"pe","name":"PE","sort":1}]', false),
    ('t-b', 'deviceType', '设备类型', '[{"value":"pump","name":"水泵","sort":1}]', true);
  INSERT INTO platform_params (key, value, description) VALUES ('pageSize', '20', '每页条数');
  INSERT INTO tenant_params (tenant_id, key, value, description, inherited) VALUES
    ('t-a', 'pageSize', '30', NULL, false), ('t-a', 'legacyOnly', 'x', '旧参数', false),
    ('t-b', 'pageSize', '20', NULL, true);
`;

const engines = [
  {
    name: 'pglite',
    open: async () => {
      const db = new PGlite();
      return { runner: pgliteRunner(db), close: () => db.close() };
    },
  },
  ...(process.env.TEST_DATABASE_URL
    ? [
        {
          name: 'postgres',
          open: async () => {
            const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!);
            const pool = new pg.Pool({ connectionString: scratch.url, max: 2 });
            // As the app's pool: an idle connection ended by the scratch database's drop is no failure.
            pool.on('error', () => undefined);
            return {
              runner: poolRunner(pool),
              close: async () => {
                await pool.end();
                await scratch.drop();
              },
            };
          },
        },
      ]
    : []),
];

describe.each(engines)(
  'migration 0026 moves existing dictionaries and parameters over on $name',
  (engine) => {
    let runner: SqlRunner;
    let close: () => Promise<void>;
    let before: string;

    beforeAll(async () => {
      ({ runner, close } = await engine.open());
      // The migrations before 0026, then the data an installation of that time held.
      before = await mkdtemp(path.join(tmpdir(), 'uniwim-migrations-'));
      for (const file of await readdir(MIGRATIONS_DIR)) {
        if (file.endsWith('.sql') && file < MIGRATION)
          await copyFile(path.join(MIGRATIONS_DIR, file), path.join(before, file));
      }
      await migrate(runner, before);
      await runner.exec(LEGACY_DATA);
      expect((await migrate(runner)).applied).toContain(MIGRATION);
    }, 120_000);
    afterAll(async () => {
      await close?.();
      if (before) await rm(before, { recursive: true, force: true });
    });

    it("keeps the platform's types with lower-case codes, extendable, with their items", async () => {
      expect(await runner.query('SELECT code, name, extendable FROM platform_dictionary_types')).toEqual([
        { code: 'device_type', name: '设备类型', extendable: true },
      ]);
      expect(
        await runner.query('SELECT value, label, sort FROM platform_dictionary_items ORDER BY sort'),
      ).toEqual([
        { value: 'pump', label: '水泵', sort: 1 },
        { value: 'valve', label: '阀门', sort: 2 },
        { value: 'sensor', label: '传感器', sort: 3 },
      ]);
    });

    it("turns a tenant's own dictionary into changes, own items and own types; inherited copies go", async () => {
      expect(
        await runner.query(`SELECT o.tenant_id, i.value, o.label, o.sort, o.status FROM tenant_dictionary_overrides o
        JOIN platform_dictionary_items i ON i.id = o.item_id ORDER BY i.value`),
      ).toEqual([
        { tenant_id: 't-a', value: 'pump', label: '离心泵', sort: null, status: null },
        // A value the tenant's list left out was gone for it: it stays off for the tenant.
        { tenant_id: 't-a', value: 'sensor', label: null, sort: null, status: 'disabled' },
      ]);
      expect(
        await runner.query(`SELECT tenant_id, value, label, platform_type_id IS NOT NULL AS on_platform
        FROM tenant_dictionary_items ORDER BY value`),
      ).toEqual([
        { tenant_id: 't-a', value: 'hydrant', label: '消防栓', on_platform: true },
        { tenant_id: 't-a', value: 'pe', label: 'PE', on_platform: false },
      ]);
      expect(await runner.query('SELECT tenant_id, code, name FROM tenant_dictionary_types')).toEqual([
        { tenant_id: 't-a', code: 'pipe_material', name: '管材' },
      ]);
    });

    it("keeps every parameter readable by clients and each tenant's own value", async () => {
      expect(
        await runner.query(
          'SELECT key, name, type, value, client_readable FROM platform_parameters ORDER BY key',
        ),
      ).toEqual([
        // A tenant's parameter the platform did not define becomes one with an empty default.
        { key: 'legacyOnly', name: '旧参数', type: 'text', value: '', client_readable: true },
        { key: 'pageSize', name: '每页条数', type: 'text', value: '20', client_readable: true },
      ]);
      expect(
        await runner.query(`SELECT v.tenant_id, p.key, v.value FROM tenant_parameter_values v
        JOIN platform_parameters p ON p.id = v.parameter_id ORDER BY p.key`),
      ).toEqual([
        { tenant_id: 't-a', key: 'legacyOnly', value: 'x' },
        { tenant_id: 't-a', key: 'pageSize', value: '30' },
      ]);
    });

    it('leaves the old tables behind', async () => {
      const tables = await runner.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM information_schema.tables
       WHERE table_name IN ('platform_dictionaries', 'tenant_dictionaries', 'platform_params', 'tenant_params')`,
      );
      expect(tables[0]?.n).toBe(0);
    });
  },
);
