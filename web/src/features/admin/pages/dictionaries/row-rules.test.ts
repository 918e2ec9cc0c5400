import { describe, expect, it } from 'vitest';
import { tenantItemAllows, tenantTypeAllows } from './row-rules';

const row = (fields: Record<string, unknown>) => ({ id: 'x', version: 0, ...fields });

describe("the tenant's dictionary rows", () => {
  it("offers only the items' list on a platform type, everything on the tenant's own", () => {
    const platform = row({ source: 'platform' });
    expect(['edit', 'delete', 'enable', 'disable'].map((a) => tenantTypeAllows(platform, a))).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect(['edit', 'delete', 'disable'].every((a) => tenantTypeAllows(row({ source: 'tenant' }), a))).toBe(
      true,
    );
  });

  it('changes an unlocked platform item, never a locked one, and resets only a changed one', () => {
    const open = row({ source: 'platform', locked: false, overridden: false });
    expect(['edit', 'disable', 'delete', 'reset'].map((a) => tenantItemAllows(open, a))).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect(tenantItemAllows({ ...open, overridden: true }, 'reset')).toBe(true);
    const locked = row({ source: 'platform', locked: true, overridden: true });
    expect(['edit', 'disable', 'reset'].some((a) => tenantItemAllows(locked, a))).toBe(false);
    const own = row({ source: 'tenant' });
    expect(['edit', 'delete', 'disable', 'reset'].map((a) => tenantItemAllows(own, a))).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });
});
