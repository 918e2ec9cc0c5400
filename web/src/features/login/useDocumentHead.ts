import { useEffect } from 'react';

/** Applies the configured page title and favicon; an empty value keeps what the HTML declares. */
export const useDocumentHead = (title: string, favicon: string): void => {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);

  useEffect(() => {
    if (!favicon) return;
    let link = document.head.querySelector<HTMLLinkElement>('link[rel~="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.append(link);
    }
    // The HTML's default icon declares an SVG type; a configured .ico or .png would be skipped by
    // the browser if that type stayed.
    link.removeAttribute('type');
    link.href = favicon;
  }, [favicon]);
};
