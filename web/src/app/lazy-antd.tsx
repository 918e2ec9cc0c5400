import type { ThemeConfig } from 'antd';
import {
  type ComponentType,
  lazy,
  type ReactNode,
  Suspense,
  startTransition,
  useEffect,
  useState,
} from 'react';

/**
 * A part of a page that uses antd, loaded after the first frame together with antd's theme and
 * locale (AntdScope): the shell and the sign-in page draw their first frame without antd. `theme`
 * replaces the platform's (the sign-in page's darker accent).
 */
export const lazyWithAntd = <Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  theme?: ThemeConfig,
) =>
  lazy(async () => {
    const [Component, { AntdScope }] = await Promise.all([load(), import('./AntdScope')]);
    const WithAntd = (props: Props) => (
      <AntdScope theme={theme}>
        <Component {...props} />
      </AntdScope>
    );
    return { default: WithAntd };
  });

/**
 * Shows `fallback` in the first frame and `children` (lazy parts) from the next task on. Rendering a
 * lazy part starts its import, and the import adds a preload link per chunk to the document: done in
 * the first render, that work would hold back the menu tree and the first frame.
 */
export const AfterFirstPaint = ({ fallback, children }: { fallback: ReactNode; children: ReactNode }) => {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    // A transition: the fallback stays on screen while the lazy part loads, rather than being hidden
    // and drawn a second time as Suspense's own fallback.
    const timer = setTimeout(() => startTransition(() => setPainted(true)), 0);
    return () => clearTimeout(timer);
  }, []);
  return <Suspense fallback={fallback}>{painted ? children : fallback}</Suspense>;
};
