import type { TenantSuggestion } from '@uniwim/contracts/client';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api';
import { fetchCompanySuggestions, SUGGEST_DELAY_MS, suggestionQuery } from './company-suggestions';

/**
 * Suggestions for the typed company name: asked for once typing pauses, from two characters on; a
 * newer text cancels the older request. A failed request just shows no suggestions.
 */
export const useCompanySuggestions = (text: string, enabled: boolean): TenantSuggestion[] => {
  const [suggestions, setSuggestions] = useState<TenantSuggestion[]>([]);
  const query = enabled ? suggestionQuery(text) : null;

  useEffect(() => {
    if (query === null) {
      setSuggestions([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetchCompanySuggestions(api, query, controller.signal)
        .then(setSuggestions)
        .catch(() => {
          if (!controller.signal.aborted) setSuggestions([]);
        });
    }, SUGGEST_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  return suggestions;
};
