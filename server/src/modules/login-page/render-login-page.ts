import {
  hidesFullPageBackground,
  type LoginConfig,
  parseLoginTypes,
  sanitizeCustomCss,
  showsCopyrightOnLogin,
} from '@uniwim/contracts';
import { type LoginPageTemplate, TEMPLATE_MARKERS } from './page-template';

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text and attribute values from tenant configuration, made inert in HTML. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => ENTITIES[char]!);

/**
 * CSS placed as the text of a <style> element: every `<` is written as the CSS escape `\3c `, which
 * means the same character to CSS (in a string or a name; elsewhere `<` is not valid CSS anyway) but
 * can never close the element or start markup.
 */
export const escapeStyleText = (css: string): string => css.replaceAll('<', '\\3c ');

/** antd's CloudOutlined, the mark LoginHeader shows when the tenant has no logo. */
const CLOUD_ICON =
  '<svg viewBox="64 64 896 896" focusable="false" aria-hidden="true"><path d="M811.4 418.7C765.6 297.9 648.9 212 512.2 212S258.8 297.8 213 418.6C127.3 441.1 64 519.1 64 612c0 110.5 89.5 200 199.9 200h496.2C870.5 812 960 722.5 960 612c0-92.7-63.1-170.7-148.6-193.3zm36.3 281a123.07 123.07 0 01-87.6 36.3H263.9c-33.1 0-64.2-12.9-87.6-36.3A123.3 123.3 0 01140 612c0-28 9.1-54.3 26.2-76.3a125.7 125.7 0 0166.1-43.7l37.9-9.9 13.9-36.6c8.6-22.8 20.6-44.1 35.7-63.4a245.6 245.6 0 0152.4-49.9c41.1-28.9 89.5-44.2 140-44.2s98.9 15.3 140 44.2c19.9 14 37.5 30.8 52.4 49.9 15.1 19.3 27.1 40.7 35.7 63.4l13.8 36.5 37.8 10c54.3 14.5 92.1 63.8 92.1 120 0 33.1-12.9 64.3-36.3 87.7z"></path></svg>';

/** The logo is asked for first: often the largest thing the first screen of a phone shows. */
const header = (config: LoginConfig): string => {
  const title = escapeHtml(config.title);
  const mark = config.logo
    ? `<img class="login-logo__image" src="${escapeHtml(config.logo)}" alt="${title}" fetchpriority="high">`
    : `<span class="login-logo__wordmark"><span class="login-logo__icon">${CLOUD_ICON}</span><span>${title}</span></span>`;
  return `<header class="login-header"><a class="login-logo" href="index.html">${mark}</a></header>`;
};

/**
 * The form's parts as placeholders of their final size (see .login-skeleton__* in web login.css). The
 * account form is drawn by the first script; the other modes show PanelLoading's spinner first, as here.
 */
const panelBody = (config: LoginConfig, initialMode: string): string => {
  if (initialMode !== '1-1')
    return '<div class="login-panel__loading"><span class="spinner" aria-hidden="true"></span></div>';
  const field = '<div class="login-skeleton__field"></div>';
  const fields = [field, field, field, config.showVctCode === 1 ? field : ''].join('');
  const options =
    config.rememberPwd === '1' || config.forgetPwd === '1'
      ? '<div class="login-form__options"><span class="login-skeleton__text"></span></div>'
      : '';
  return (
    `<div class="login-form">${fields}${options}` +
    '<div class="login-form__message"></div><div class="login-skeleton__button"></div></div>'
  );
};

const panel = (config: LoginConfig): string => {
  const initialMode = parseLoginTypes(config.loginAccountType)[0] ?? '1-1';
  const hasLinks = initialMode !== '1-2' || config.appDownload === '1';
  return (
    '<section class="login-panel" aria-busy="true">' +
    `<h1 class="login-panel__title">${escapeHtml(config.title)}</h1>` +
    `<div aria-hidden="true"><div class="login-skeleton__tabs"></div>${panelBody(config, initialMode)}` +
    `<div class="login-panel__links">${hasLinks ? '<span class="login-skeleton__text"></span>' : ''}</div></div>` +
    '</section>'
  );
};

/**
 * What LoginPage draws for this configuration (web/src/features/login/LoginPage.tsx), with the same
 * class names, so the first paint is the tenant's page and the form takes its place without a jump.
 */
export const renderLoginShell = (config: LoginConfig): string => {
  const showBackground = !hidesFullPageBackground(config) && config.loginBackground !== '';
  const background = showBackground
    ? `<img class="login-bg" src="${escapeHtml(config.loginBackground)}" alt="">`
    : '';
  const showcase = config.loginLeftBackground
    ? `<div class="login-showcase"><img class="login-showcase__image" src="${escapeHtml(config.loginLeftBackground)}" alt=""></div>`
    : '';
  const footer =
    showsCopyrightOnLogin(config) && config.copyright !== ''
      ? `<footer class="login-footer"><span>${escapeHtml(config.copyright)}</span></footer>`
      : '';
  return (
    `<div class="login-page${showBackground ? ' login-page--with-background' : ''}">` +
    `${background}${header(config)}<main class="login-main">${showcase}${panel(config)}</main>${footer}</div>`
  );
};

/**
 * login.html for one tenant: its title, favicon and customCss in the head, and its page in #root. Every
 * value is escaped (they come from tenant configuration); replacements go through functions, so a `$`
 * in a value is never read as a replacement pattern.
 */
export const renderLoginPage = (template: LoginPageTemplate, config: LoginConfig): string => {
  let html = template.html;
  if (config.title)
    html = html.replace(TEMPLATE_MARKERS.title, () => `<title>${escapeHtml(config.title)}</title>`);
  // Without a type: a configured .ico or .png would be skipped by a browser told it is SVG.
  if (config.favicon)
    html = html.replace(
      TEMPLATE_MARKERS.favicon,
      () => `<link rel="icon" href="${escapeHtml(config.favicon)}">`,
    );
  const customCss = sanitizeCustomCss(config.customCss);
  if (customCss !== '')
    html = html.replace(
      TEMPLATE_MARKERS.headEnd,
      () => `<style data-origin="tenant-custom-css">${escapeStyleText(customCss)}</style></head>`,
    );
  return html.replace(TEMPLATE_MARKERS.root, () => `<div id="root">${renderLoginShell(config)}</div>`);
};
