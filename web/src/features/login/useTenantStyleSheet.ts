import { sanitizeCustomCss } from '@uniwim/contracts/client';
import { useEffect } from 'react';

/**
 * Applies a tenant's customCss. It goes in as the text of a <style> element, never through
 * innerHTML, so it cannot become markup; it is appended last in <head> so it overrides the page's
 * own rules of equal specificity.
 */
export const useTenantStyleSheet = (customCss: string): void => {
  useEffect(() => {
    const css = sanitizeCustomCss(customCss);
    if (css === '') return;
    const style = document.createElement('style');
    style.dataset.origin = 'tenant-custom-css';
    style.textContent = css;
    document.head.append(style);
    return () => style.remove();
  }, [customCss]);
};
