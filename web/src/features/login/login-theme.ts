import type { ThemeConfig } from 'antd';
import { theme } from '../../app/theme';

/**
 * The sign-in page's antd parts (dialogs, SMS and registration forms). The platform theme carries the
 * accent the sign-in page introduced (antd's blue-7, 6:1 on white; --login-accent in login.css), so
 * the sign-in page and the console share one theme.
 */
export const loginTheme: ThemeConfig = theme;
