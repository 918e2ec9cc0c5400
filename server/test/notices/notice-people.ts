import { sql } from 'drizzle-orm';
import type { Database } from '../../src/platform/db/database';

/**
 * The people of the notice tests, in t-water under its root department (d-t-water):
 *   上级部门 nt-parent ── 下级部门 nt-child;  其他部门 nt-other
 *   nt-u1 in nt-parent, nt-u2 in nt-child, nt-u3 in nt-other holding role nt-role, nt-u4 in no department.
 */
export const NOTICE_PEOPLE = ['nt-u1', 'nt-u2', 'nt-u3', 'nt-u4'] as const;
/** nt-u1's mobile number (reminders by text message). */
export const NOTICE_MOBILE = '13800009901';

export const seedNoticePeople = (db: Database) =>
  db.asPlatform(async (tx) => {
    await tx.execute(sql`INSERT INTO departments (tenant_id, id, parent_id, name, path, depth) VALUES
      ('t-water', 'nt-parent', 'd-t-water', '上级部门', 'd-t-water/nt-parent/', 2),
      ('t-water', 'nt-child', 'nt-parent', '下级部门', 'd-t-water/nt-parent/nt-child/', 3),
      ('t-water', 'nt-other', 'd-t-water', '其他部门', 'd-t-water/nt-other/', 2)`);
    const people: [string, string, string | null][] = [
      ['nt-u1', '一号', 'nt-parent'],
      ['nt-u2', '二号', 'nt-child'],
      ['nt-u3', '三号', 'nt-other'],
      ['nt-u4', '四号', null],
    ];
    for (const [id, name, department] of people) {
      const mobile = id === 'nt-u1' ? NOTICE_MOBILE : null;
      await tx.execute(
        sql`INSERT INTO accounts (id, sn, username, name, mobile) VALUES (${id}, ${id}, ${id}, ${name}, ${mobile})`,
      );
      await tx.execute(sql`INSERT INTO tenant_memberships (tenant_id, account_id, department_id)
        VALUES ('t-water', ${id}, ${department})`);
    }
    await tx.execute(
      sql`INSERT INTO roles (tenant_id, id, code, name) VALUES ('t-water', 'nt-role', 'nt-role', '通知角色')`,
    );
    await tx.execute(
      sql`INSERT INTO membership_roles (tenant_id, account_id, role_id) VALUES ('t-water', 'nt-u3', 'nt-role')`,
    );
  });
