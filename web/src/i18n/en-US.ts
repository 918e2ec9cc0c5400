import type { Messages } from './zh-CN';

export const enUS: Messages = {
  common: {
    languageName: 'English',
    switchLanguage: 'Switch language',
    backToLogin: 'Back to sign-in',
  },
  login: {
    logoAlt: 'Go to the home page',
    leftImageAlt: 'Platform introduction',
    loadingConfig: 'Loading…',
    types: {
      '1-1': 'Account',
      '1-2': 'QR code',
      '1-3': 'SMS code',
    },
    comingSoon: {
      '1-1': 'Sign-in with account and password is coming soon',
      '1-2': 'Sign-in by scanning a QR code is coming soon',
      '1-3': 'Sign-in with an SMS code is coming soon',
    },
    comingSoonHint: 'The sign-in forms arrive in the next release',
  },
  workspace: {
    title: 'Workspace',
    comingSoon: 'The workspace is being built',
    comingSoonHint: 'Application menus, tabs and administration arrive in later releases.',
    adminTitle: 'Administration',
    pageTitle: 'Application page',
    mobileTitle: 'Mobile workspace',
  },
};
