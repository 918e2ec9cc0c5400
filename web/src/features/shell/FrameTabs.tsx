import { AfterFirstPaint, lazyWithAntd } from '../../app/lazy-antd';
import { useLanguage } from '../../i18n';
import { tabNameIn } from '../../lib/shell/tabs';
import type { TabBarProps } from './TabBar';

// The bar brings antd's tabs (about 70 kB) and is not needed to request the first page: the frames
// below are plain elements, so the first frame loads while the bar is still on its way.
const TabBar = lazyWithAntd(() => import('./TabBar').then((module) => module.default));

interface FrameTabsProps extends Omit<TabBarProps, 'texts'> {
  /** preview and source=App show the page alone, without the tab bar. */
  showTabBar: boolean;
  texts: { label: string; reload: string };
}

/**
 * The open pages: the tab bar and one frame per tab. Every frame stays mounted while its tab is
 * open, so a page keeps its state when another tab is shown; a new KeyId (reload flag, reload
 * button) remounts the frame, which loads the page again; a new Val with the same KeyId (direct
 * flag) sends the frame to the new address.
 */
export const FrameTabs = ({ state, showTabBar, texts, ...handlers }: FrameTabsProps) => {
  const language = useLanguage();
  return (
    <section className="shell-frames" aria-label={texts.label}>
      {showTabBar && state.tabs.length > 0 && (
        <AfterFirstPaint fallback={<div className="shell-frames__bar shell-frames__bar--loading" />}>
          <TabBar state={state} texts={texts} {...handlers} />
        </AfterFirstPaint>
      )}
      <div className="shell-frames__stage">
        {state.tabs.map((tab) => (
          <iframe
            key={tab.KeyId}
            className="shell-frames__frame"
            title={tabNameIn(tab, language)}
            name={`shell-frame-${tab.Id}`}
            src={tab.Val}
            data-tab-id={tab.Id}
            hidden={tab.Id !== state.activeId}
            allow="fullscreen; clipboard-write"
          />
        ))}
      </div>
    </section>
  );
};
