import { sanitizeCustomCss } from '@uniwim/contracts/client';
import { useEffect } from 'react';

const ORIGIN = 'tenant-custom-css';

/**
 * Applies a tenant's customCss. It goes in as the text of a <style> element, never through
 * innerHTML, so it cannot become markup; it is appended last in <head> so it overrides the page's
 * own rules of equal specificity. The server puts the same sheet in login.html (so the first paint has
 * it); that element is taken over rather than added again, so the look never goes without it.
 */
export const useTenantStyleSheet = (customCss: string): void => {
  useEffect(() => {
    const css = sanitizeCustomCss(customCss);
    const rendered = document.head.querySelector<HTMLStyleElement>(`style[data-origin="${ORIGIN}"]`);
    if (rendered && rendered.textContent !== css) rendered.remove();
    if (css === '') return;
    const style = rendered?.isConnected ? rendered : document.createElement('style');
    style.dataset.origin = ORIGIN;
    style.textContent = css;
    document.head.append(style);
    return () => style.remove();
  }, [customCss]);
};
