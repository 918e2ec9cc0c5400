import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
// The es/ builds: antd/locale/* are CommonJS and drag in more than the locale.
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../lib/language';
import { theme } from './theme';

const antdLocales = { 'zh-CN': zhCN, 'en-US': enUS } as const;
const dayjsLocales = { 'zh-CN': 'zh-cn', 'en-US': 'en' } as const;

const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      // Pages handle failures themselves (the sign-in page falls back silently), so no automatic
      // retries that would delay the fallback.
      queries: { retry: false, refetchOnWindowFocus: false },
    },
  });

/** What every page entry wraps itself in: data cache, antd theme and locale following i18next. */
export const AppProviders = ({ children }: { children: ReactNode }) => {
  const [queryClient] = useState(createQueryClient);
  const { i18n } = useTranslation();
  const language = (i18n.resolvedLanguage ?? i18n.language) as Language;
  const antdLocale = antdLocales[language] ?? zhCN;

  useEffect(() => {
    dayjs.locale(dayjsLocales[language] ?? 'zh-cn');
  }, [language]);

  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={antdLocale} theme={theme}>
        {children}
      </ConfigProvider>
    </QueryClientProvider>
  );
};
