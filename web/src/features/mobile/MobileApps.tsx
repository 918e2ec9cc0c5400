import { AppstoreOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  type CurrentUser,
  filterMenuTree,
  isMenuVisible,
  type MenuItemNode,
  normaliseMenuTree,
  type ShellMenu,
  USAGE_LOG_TYPES,
} from '@uniwim/contracts/client';
import { useMemo, useState } from 'react';
import { useLanguage } from '../../i18n';
import { useLocalizedTexts } from '../../i18n/texts';
import { api } from '../../lib/api';
import { saveUsageLog, type UsageLogSender, usageLogFromMenu } from '../../lib/shell/usage-log';
import { readStoredToken } from '../../lib/storage-keys';
import { MENU_TREE_PATHS } from '../shell/shell-data';
import { MOBILE_SCENE, type MobileOpening, mobileAppGroups, mobileOpening } from './mobile-apps';
import { mobileTexts } from './mobile-texts';

/** Openings from the mobile page are logged like the shell's, under the source "mobile". */
const usageLogSender: UsageLogSender = {
  post: (path, body) => api.post(path, body),
  get token() {
    return readStoredToken();
  },
  source: MOBILE_SCENE,
  // Only a signed-in user sees the mobile page's applications: there is never a visitor to name.
  visitorId: () => Promise.reject(new Error('The mobile page logs signed-in users only')),
};

const AppLink = ({
  menu,
  opening,
  onBlocked,
}: {
  menu: ShellMenu;
  opening: MobileOpening;
  onBlocked: () => void;
}) => {
  const icon = (
    <span className="m-apps__icon" aria-hidden="true">
      <AppstoreOutlined />
    </span>
  );
  if (opening.kind !== 'go') {
    return (
      <button type="button" className="m-apps__item" data-menu-id={menu.Id} onClick={onBlocked}>
        {icon}
        <span className="m-apps__name">{menu.Name}</span>
      </button>
    );
  }
  return (
    <a
      className="m-apps__item"
      href={opening.url}
      data-menu-id={menu.Id}
      {...(opening.newWindow ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      onClick={() =>
        void saveUsageLog(usageLogSender, usageLogFromMenu(menu, USAGE_LOG_TYPES.access, opening.url))
      }
    >
      {icon}
      <span className="m-apps__name">{menu.Name}</span>
    </a>
  );
};

/**
 * Issue 25: "我的应用" on the mobile page: the user's applications from the same menu tree as the
 * shell (the user's items merged with the public ones, under the same visibility conditions), each
 * opening its mobile link, else its page full-screen.
 */
export const MobileApps = ({ user }: { user: CurrentUser }) => {
  const texts = useLocalizedTexts(mobileTexts).apps;
  const language = useLanguage() === 'en-US' ? 'en' : 'zh';
  const [blocked, setBlocked] = useState(false);
  const menus = useQuery({
    queryKey: ['mobile', 'menus'],
    queryFn: ({ signal }) => api.get<MenuItemNode[]>(MENU_TREE_PATHS.index, { signal }),
  });

  const groups = useMemo(() => {
    const ctx = {
      token: readStoredToken(),
      tenantId: user.tenantId,
      sn: user.sn,
      language,
      origin: location.origin,
    } as const;
    const tree = filterMenuTree(normaliseMenuTree(menus.data ?? [], { token: ctx.token }, language), (menu) =>
      isMenuVisible(menu.condition, { activeMenu: null, currentMenu: menu, currentUser: user }),
    );
    const openings = new Map<string, MobileOpening>();
    const openingOf = (menu: ShellMenu) => {
      const known = openings.get(menu.Id) ?? mobileOpening(menu, ctx);
      openings.set(menu.Id, known);
      return known;
    };
    return mobileAppGroups(tree, (menu) => openingOf(menu).kind !== 'none').map((group) => ({
      ...group,
      items: group.items.map((menu) => ({ menu, opening: openingOf(menu) })),
    }));
  }, [menus.data, user, language]);

  return (
    <section className="m-section" aria-labelledby="m-apps-title" aria-busy={menus.isPending}>
      <h2 className="m-section__title" id="m-apps-title">
        {texts.title}
      </h2>
      <div data-testid="mobile-apps">
        {menus.isPending && <p className="m-apps__state">{texts.loading}</p>}
        {menus.isError && (
          <div className="m-apps__state" role="alert">
            <span>{texts.failed}</span>
            <button type="button" className="m-apps__retry" onClick={() => void menus.refetch()}>
              {texts.retry}
            </button>
          </div>
        )}
        {menus.isSuccess && groups.length === 0 && <p className="m-apps__state">{texts.empty}</p>}
        {groups.map((group) => (
          <div className="m-apps__group" key={group.id}>
            {group.name && <h3 className="m-apps__group-title">{group.name}</h3>}
            <ul className="m-apps">
              {group.items.map(({ menu, opening }) => (
                <li key={menu.Id}>
                  <AppLink menu={menu} opening={opening} onBlocked={() => setBlocked(true)} />
                </li>
              ))}
            </ul>
          </div>
        ))}
        {blocked && (
          <p className="m-apps__state" role="alert">
            {texts.blocked}
          </p>
        )}
      </div>
    </section>
  );
};
