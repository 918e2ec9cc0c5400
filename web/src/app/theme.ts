import type { ThemeConfig } from 'antd';

/**
 * The product's colours where text is drawn (issue 25, WCAG 2.1 AA: 4.5:1 for text). antd's defaults
 * miss it: its primary #1677ff reaches 4.1:1 on white and 3.7:1 on its own selection tint, secondary
 * text 3.4:1, placeholders 1.8:1, and the preset tag colours 2.5-3.4:1 on their tints. The shell's
 * own CSS (shell.css, mobile.css, the sign-in page) uses the same values: `palette` below.
 */
export const palette = {
  /** antd's blue-7: 6.2:1 on white, 5.5:1 on its selection tint; white on it 6.2:1. */
  primary: '#0958d9',
  /** Hover and active states stay above 4.5:1 under white text (hover 5.0:1). */
  primaryHover: '#1d6ae5',
  primaryActive: '#003eb3',
  /** The selected item's tint (antd's blue-1). */
  primaryBg: '#e6f4ff',
  /** Secondary and descriptive text: rgba(0,0,0,0.6) is #666 on white, 5.7:1 (4.9:1 on #f0f2f5). */
  textSecondary: 'rgba(0, 0, 0, 0.6)',
  /** Placeholders: 4.7:1 on a disabled field's #f5f5f5, lighter than entered text (0.88) so the two stay apart. */
  textPlaceholder: 'rgba(0, 0, 0, 0.58)',
  /** Errors and danger buttons (antd's red-7): 5.6:1 on white and under white text. */
  error: '#cf1322',
  /** Success and warning text (antd's green-8 and gold-9): 5.6:1 and 6.3:1 on white. */
  success: '#237804',
  warning: '#874d00',
} as const;

/**
 * Preset tag colours draw their text in the palette's 7th step on its 1st: for the colours whose
 * 7th step misses 4.5:1 there, antd's 8th (or a darker 7th). antd reads a step under two names
 * (green7, and green-7 behind its CSS variable --ant-green-7): both are set.
 */
const TAG_TEXT = {
  green: '#237804',
  cyan: '#006d75',
  orange: '#ad4e00',
  gold: palette.warning,
  volcano: '#ad2102',
  lime: '#3f6600',
  yellow: '#7c6400',
} as const;
type TagTextToken = `${keyof typeof TAG_TEXT}7` | `${keyof typeof TAG_TEXT}-7`;
const tagTextTokens = Object.fromEntries(
  Object.entries(TAG_TEXT).flatMap(([colour, text]) => [
    [`${colour}7`, text],
    [`${colour}-7`, text],
  ]),
) as Record<TagTextToken, string>;

/** One enterprise look for every page; tenants adjust the sign-in page through customCss. */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: palette.primary,
    colorInfo: palette.primary,
    colorLink: palette.primary,
    colorError: palette.error,
    colorSuccess: palette.success,
    colorWarning: palette.warning,
    colorPrimaryHover: palette.primaryHover,
    colorPrimaryActive: palette.primaryActive,
    colorLinkHover: palette.primaryHover,
    colorLinkActive: palette.primaryActive,
    colorPrimaryTextHover: palette.primaryHover,
    colorPrimaryBg: palette.primaryBg,
    colorTextTertiary: palette.textSecondary,
    colorTextDescription: palette.textSecondary,
    colorTextPlaceholder: palette.textPlaceholder,
    ...tagTextTokens,
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    // An empty table says so ("暂无数据") in the disabled grey, 1.8:1: a message to read, not a
    // disabled control.
    Table: { colorTextDisabled: palette.textSecondary },
  },
};
