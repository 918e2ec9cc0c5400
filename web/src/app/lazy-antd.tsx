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
 * A part of the shell that uses antd, loaded after the first frame together with antd's theme and
 * locale (AntdScope): the shell draws its header, menu tree and first frame without antd.
 */
export const lazyWithAntd = <Props extends object>(load: () => Promise<ComponentType<Props>>) =>
  lazy(async () => {
    const [Component, { AntdScope }] = await Promise.all([load(), import('../../app/AntdScope')]);
    const WithAntd = (props: Props) => (
      <AntdScope>
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
