import type { MenuTreeService } from '../../menus/service';
import type { SearchSource } from '../source';
import { adminPagesSource } from './admin-pages';
import { applicationsSource } from './applications';
import { menuItemsSource } from './menus';

export interface SearchSourceDeps {
  menuTrees: MenuTreeService;
}

/**
 * Every source the header search asks, in the order their groups show when they rank alike. A later
 * section (notices, knowledge, devices) adds its declaration here and a trigger line in its migration.
 */
export const searchSources = ({ menuTrees }: SearchSourceDeps): SearchSource[] => [
  applicationsSource(menuTrees),
  menuItemsSource(menuTrees),
  adminPagesSource(menuTrees),
];
