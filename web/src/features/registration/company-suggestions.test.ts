import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../lib/api';
import { createFakeServer, ok } from '../../lib/test-doubles';
import {
  blurCompany,
  chooseCompany,
  fetchCompanySuggestions,
  suggestionQuery,
  TENANT_SUGGEST_PATH,
  typeCompany,
} from './company-suggestions';

describe('company suggestions', () => {
  it('are asked for from two characters on, trimmed', () => {
    expect(suggestionQuery('')).toBeNull();
    expect(suggestionQuery(' 示 ')).toBeNull();
    expect(suggestionQuery('示范')).toBe('示范');
    expect(suggestionQuery('  ab ')).toBe('ab');
  });

  it('come from GET /dmp/tenant/suggest?name=, keeping only well-formed entries', async () => {
    const server = createFakeServer({
      [`GET ${TENANT_SUGGEST_PATH}`]: ok([{ id: 't-water', tenantName: '示范水务集团' }, { id: 3 }, null]),
    });
    await expect(fetchCompanySuggestions(createApiClient({ fetch: server.fetch }), '示范')).resolves.toEqual([
      { id: 't-water', tenantName: '示范水务集团' },
    ]);
    expect(server.requests[0]!.url).toBe(`${TENANT_SUGGEST_PATH}?name=${encodeURIComponent('示范')}`);
  });

  it('name a tenant only when chosen; typing forgets the choice; blur clears an unchosen name', () => {
    const chosen = chooseCompany({ id: 't-water', tenantName: '示范水务集团' });
    expect(chosen).toEqual({ tenantName: '示范水务集团', tenantId: 't-water' });
    expect(blurCompany(chosen)).toBe(chosen);
    const typed = typeCompany('示范水务集团x');
    expect(typed).toEqual({ tenantName: '示范水务集团x', tenantId: null });
    expect(blurCompany(typed)).toEqual({ tenantName: '', tenantId: null });
  });
});
