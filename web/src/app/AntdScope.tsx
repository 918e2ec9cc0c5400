import { ConfigProvider, type ThemeConfig } from 'antd';
import type { Locale } from 'antd/es/locale';
// The es/ build: antd/locale/* are CommonJS and drag in more than the locale.
import zhCN from 'antd/es/locale/zh_CN';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useLanguage } from '../i18n';
import { usePrefersReducedMotion } from './reduced-motion';
import { theme as platformTheme } from './theme';

/**
 * Chinese is the default and comes with the page; English loads when chosen (about 2.5 kB of the
 * sign-in page's 200 kB script budget). No page uses antd's date pickers yet: the first that does
 * sets dayjs's locale with them (dayjs/locale/zh-cn), rather than every page loading dayjs.
 */
let english: Locale | undefined;
const loadEnglish = async (): Promise<Locale> => {
  english ??= (await import('antd/es/locale/en_US')).default;
  return english;
};

/**
 * antd's theme and locale, following the page's language (useLanguage). Pages wrap everything in it
 * (AppProviders); the shell, whose first frame is drawn without antd, wraps each part that uses antd and
 * loads later. Until the English locale has arrived (a few milliseconds after choosing English), antd's
 * own texts stay Chinese. A person who asked their system for less motion gets antd without animations.
 */
export const AntdScope = ({
  children,
  theme = platformTheme,
}: {
  children: ReactNode;
  theme?: ThemeConfig;
}) => {
  const language = useLanguage();
  const [loadedEnglish, setLoadedEnglish] = useState(english);

  useEffect(() => {
    if (language === 'en-US' && !loadedEnglish) void loadEnglish().then(setLoadedEnglish);
  }, [language, loadedEnglish]);

  const reducedMotion = usePrefersReducedMotion();
  const shownTheme = useMemo(
    () => (reducedMotion ? { ...theme, token: { ...theme.token, motion: false } } : theme),
    [theme, reducedMotion],
  );

  const locale = language === 'en-US' ? (loadedEnglish ?? zhCN) : zhCN;
  return (
    <ConfigProvider locale={locale} theme={shownTheme}>
      {children}
    </ConfigProvider>
  );
};
