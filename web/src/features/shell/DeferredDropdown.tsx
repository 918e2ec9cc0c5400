import { cloneElement, type ReactElement, useState } from 'react';
import { AfterFirstPaint, lazyWithAntd } from '../../app/lazy-antd';
import type { HeaderDropdownProps } from './HeaderDropdown';

const HeaderDropdown = lazyWithAntd(() => import('./HeaderDropdown').then((module) => module.HeaderDropdown));

interface DeferredDropdownProps {
  items: HeaderDropdownProps['items'];
  /** The button that opens the menu; drawn at once, before antd's dropdown has loaded. */
  children: ReactElement<{ onClick?: () => void }>;
}

/**
 * A header menu whose trigger is drawn with the first frame while antd's dropdown loads behind it.
 * A click that comes before the dropdown is ready is kept: the menu opens as soon as it arrives.
 */
export const DeferredDropdown = ({ items, children }: DeferredDropdownProps) => {
  const [clickedEarly, setClickedEarly] = useState(false);
  return (
    <AfterFirstPaint fallback={cloneElement(children, { onClick: () => setClickedEarly(true) })}>
      <HeaderDropdown items={items} openAtStart={clickedEarly}>
        {children}
      </HeaderDropdown>
    </AfterFirstPaint>
  );
};
