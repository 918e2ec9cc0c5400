import type { TenantSuggestion } from '@uniwim/contracts/client';
import type { ApiClient } from '../../lib/api';

export const TENANT_SUGGEST_PATH = '/dmp/tenant/suggest';
/** The server answers from two characters on. */
export const SUGGEST_MIN_LENGTH = 2;
/** Typing pauses this long before the server is asked. */
export const SUGGEST_DELAY_MS = 300;

/** The text to ask suggestions for, or null when it is too short. */
export const suggestionQuery = (text: string): string | null => {
  const trimmed = text.trim();
  return [...trimmed].length >= SUGGEST_MIN_LENGTH ? trimmed : null;
};

const isSuggestion = (value: unknown): value is TenantSuggestion =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as TenantSuggestion).id === 'string' &&
  typeof (value as TenantSuggestion).tenantName === 'string';

/** GET /dmp/tenant/suggest?name=: companies open to registration whose name contains the text. */
export const fetchCompanySuggestions = async (
  client: ApiClient,
  name: string,
  signal?: AbortSignal,
): Promise<TenantSuggestion[]> => {
  const answer = await client.get<unknown>(TENANT_SUGGEST_PATH, { query: { name }, signal });
  return Array.isArray(answer) ? answer.filter(isSuggestion) : [];
};

/** The company field: the text, and the tenant once one was chosen from the suggestions. */
export interface CompanyChoice {
  tenantName: string;
  tenantId: string | null;
}

/** Typing forgets a previous choice: only a chosen suggestion names a tenant. */
export const typeCompany = (text: string): CompanyChoice => ({ tenantName: text, tenantId: null });

export const chooseCompany = (suggestion: TenantSuggestion): CompanyChoice => ({
  tenantName: suggestion.tenantName,
  tenantId: suggestion.id,
});

/** Spec section 5: the company name is cleared on blur when none was chosen from the suggestions. */
export const blurCompany = (choice: CompanyChoice): CompanyChoice =>
  choice.tenantId ? choice : { tenantName: '', tenantId: null };
