import {
  DICTIONARY_COLOR_OPTIONS,
  DICTIONARY_TYPE_CODE,
  loginConfigOverrideSchema,
  PARAM_KEY_PATTERN,
  PARAMETER_TYPES,
  parameterChoicesSchema,
} from '@uniwim/contracts';
import { z } from 'zod';

const mobile = z.string().regex(/^1[3-9]\d{9}$/, 'must be an 11-digit mainland mobile number');
const identifier = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'letters, digits, . _ - only');

const userSeed = z.strictObject({
  username: identifier,
  name: z.string().min(1).max(50),
  mobile: mobile.optional(),
  /** Omitted: the user gets the initial admin password (SEED_ADMIN_PASSWORD or the generated one). */
  password: z.string().min(8).optional(),
  roles: z.array(identifier).default([]),
  status: z.enum(['active', 'disabled']).default('active'),
  /** As if an administrator had reset the password: the user must change it at the next sign-in. */
  mustChangePassword: z.boolean().default(false),
  /** The user signs in with a second factor (an SMS code) whatever the tenant requires. */
  twoFactorEnabled: z.boolean().default(false),
  /** The code of the tenant's department the user is placed in; omitted: the root department. */
  department: identifier.optional(),
});

type MenuSeed = {
  id: string;
  name: string;
  nameEn?: string;
  link?: string;
  effectDrawing?: string;
  target?: '_self' | '_blank' | '_blankTop';
  menuStyle?: number;
  isPublic?: boolean;
  disabled?: boolean;
  visibleCondition?: string;
  sort?: number;
  reload?: boolean;
  monitor?: boolean;
  monitorUrl?: string;
  internalNetwork?: string;
  externalNetwork?: string;
  operatingManual?: string;
  type?: 'panel';
  children?: MenuSeed[];
};

const menuSeed: z.ZodType<MenuSeed> = z.lazy(() =>
  z.strictObject({
    id: identifier,
    name: z.string().min(1).max(100),
    /** The name on an English page; omitted: the Chinese name there too. */
    nameEn: z.string().min(1).max(100).optional(),
    link: z.string().max(2000).optional(),
    effectDrawing: z.string().max(2000).optional(),
    target: z.enum(['_self', '_blank', '_blankTop']).optional(),
    menuStyle: z.number().int().optional(),
    isPublic: z.boolean().optional(),
    disabled: z.boolean().optional(),
    visibleCondition: z.string().max(500).optional(),
    /** Order among siblings (then by name); defaults to the position in the list. */
    sort: z.number().int().min(0).max(1_000_000).optional(),
    /** Reload the page each time its tab is shown. */
    reload: z.boolean().optional(),
    /** Listed in the monitoring centre, opening monitorUrl. */
    monitor: z.boolean().optional(),
    monitorUrl: z.string().max(2000).optional(),
    /** The item's own network addresses, in front of its relative link (else the application's). */
    internalNetwork: z.string().max(2000).optional(),
    externalNetwork: z.string().max(2000).optional(),
    operatingManual: z.string().max(2000).optional(),
    type: z.enum(['panel']).optional(),
    children: z.array(menuSeed).optional(),
  }),
);

/** An item of a dictionary; on a tenant's dictionary of a platform code, a value the platform has changes it. */
const dictionaryItemSeed = z.strictObject({
  value: z.string().regex(/^[^\s,]{1,100}$/, '1-100 characters, no spaces or commas'),
  name: z.string().min(1).max(100),
  nameEn: z.string().min(1).max(100).optional(),
  sort: z.number().int().min(0).max(99_999).default(0),
  color: z.enum(DICTIONARY_COLOR_OPTIONS.map((o) => o.value) as [string, ...string[]]).optional(),
  status: z.enum(['active', 'disabled']).optional(),
  /** Platform items only: tenants cannot change it. */
  locked: z.boolean().optional(),
});

/**
 * Dictionaries (POST /ump/dictionary/getValueByCode, /umpDict). The platform's are inherited by every
 * tenant. A tenant's dictionary of a platform code holds the tenant's changes of platform items (by
 * value) and its own items (the platform's type must be extendable); of another code, the tenant's own type.
 */
const dictionarySeed = z.strictObject({
  code: z
    .string()
    .max(64)
    .regex(DICTIONARY_TYPE_CODE, 'a lower-case letter, then lower-case letters, digits, _'),
  /** Required for a type of the platform or of the tenant's own; ignored on a platform code's changes. */
  name: z.string().min(1).max(100).optional(),
  nameEn: z.string().min(1).max(100).optional(),
  /** Platform types only: tenants may add their own items. */
  extendable: z.boolean().optional(),
  items: z.array(dictionaryItemSeed).max(500),
});

/** Parameters (GET /ump/param/get, /umpParameters): the platform defines them, a tenant sets its own values. */
const platformParamSeed = z.strictObject({
  key: z.string().regex(PARAM_KEY_PATTERN, 'a letter, then letters, digits, . _ -'),
  value: z.string().max(4000),
  name: z.string().min(1).max(100).optional(),
  description: z.string().max(200).optional(),
  type: z.enum(PARAMETER_TYPES).default('text'),
  choices: parameterChoicesSchema.optional(),
  builtin: z.boolean().default(false),
  clientReadable: z.boolean().default(true),
  tenantEditable: z.boolean().default(true),
});
const tenantParamSeed = z.strictObject({
  key: z.string().regex(PARAM_KEY_PATTERN, 'a letter, then letters, digits, . _ -'),
  value: z.string().max(4000),
});

const tenantSeed = z.strictObject({
  id: identifier.optional(),
  code: identifier,
  name: z.string().min(1).max(100),
  domain: z
    .string()
    .regex(/^[a-z0-9.-]+$/, 'a lower-case host name')
    .optional(),
  cloud: z.string().max(10).default('1'),
  sysType: z.string().max(20).default('s1'),
  status: z.enum(['active', 'disabled']).default('active'),
  expiresAt: z.iso.datetime().optional(),
  allowSelfRegistration: z.boolean().default(false),
  /** Every sign-in to this tenant needs an SMS code after the password. */
  twoFactorRequired: z.boolean().default(false),
  /** Legacy system (cloud "3", sysType "s7"): its login address, the only one the platform calls. */
  legacyLoginUrl: z.url().optional(),
  /** Where the browser goes with the legacy system's utoken after signing in there. */
  legacyBulletinUrl: z.url().optional(),
  loginConfig: loginConfigOverrideSchema.default({}),
  roles: z
    .array(
      z.strictObject({
        code: identifier,
        name: z.string().min(1).max(50),
        isAdmin: z.boolean().default(false),
        /** Menu ids this role is granted; "*" grants every menu of the tenant's applications. */
        menus: z.array(z.string()).default(['*']),
        /** Tenant permission codes of the admin console the role grants (issue 13). */
        permissions: z.array(z.string().regex(/^[a-z-]+:[a-z-]+$/)).default([]),
        /** Whose department-owned records the holders see. */
        dataScope: z.enum(['all', 'custom', 'department', 'department_and_below', 'self']).default('all'),
      }),
    )
    .default([]),
  /**
   * The tenant's departments below its root (the root is named after the tenant); a department
   * names its parent by code, or omits it to sit under the root. Parents come before children.
   */
  departments: z
    .array(
      z.strictObject({ code: identifier, name: z.string().min(1).max(64), parent: identifier.optional() }),
    )
    .default([]),
  users: z.array(userSeed).default([]),
  /** Application keys the tenant is empowered to use. */
  applications: z.array(identifier).default([]),
  dictionaries: z.array(dictionarySeed).default([]),
  params: z.array(tenantParamSeed).default([]),
  // Issue 15: the message centre (message classes, and in-app messages members already received).
  messageClasses: z
    .array(
      z.strictObject({
        id: identifier,
        name: z.string().min(1).max(50),
        channels: z
          .array(z.enum(['in-app', 'sms']))
          .min(1)
          .default(['in-app']),
        userSwitchable: z.boolean().default(false),
        description: z.string().max(500).optional(),
      }),
    )
    .default([]),
  messages: z
    .array(
      z.strictObject({
        /** A user of this tenant. */
        username: identifier,
        title: z.string().min(1).max(200),
        content: z.string().min(1).max(4000),
        /** The id of one of messageClasses. */
        classId: identifier.optional(),
        link: z.string().max(2000).optional(),
        priority: z.enum(['low', 'normal', 'high', 'urgent']).default('normal'),
        read: z.boolean().default(false),
      }),
    )
    .default([]),
});

/**
 * A package of the platform (/dmpEmpower): the menu items a tenant holding it may use. Items are
 * named one by one, or as every item of an application ("*": of every application of the seed,
 * so a package meant to hold everything grows with the seed as sections arrive).
 */
const packageSeed = z.strictObject({
  name: z.string().min(2).max(50),
  remark: z.string().max(500).optional(),
  /** What a new tenant holds when its creator names no package; at most one package. */
  default: z.boolean().default(false),
  applications: z.array(z.union([identifier, z.literal('*')])).default([]),
  menus: z.array(identifier).default([]),
});

export const seedSchema = z.strictObject({
  $schema: z.string().optional(),
  platform: z.strictObject({
    admin: userSeed.omit({ roles: true }),
    loginConfig: loginConfigOverrideSchema.default({}),
    /** Defaults of every tenant. */
    dictionaries: z.array(dictionarySeed).default([]),
    params: z.array(platformParamSeed).default([]),
    packages: z.array(packageSeed).default([]),
  }),
  tenants: z.array(tenantSeed).default([]),
  applications: z
    .array(
      z.strictObject({
        key: identifier,
        name: z.string().min(1).max(100),
        version: z.string().max(20).default('1.0.0'),
        /** draft and offline applications are shown in no shell (issue 14's catalogue lifecycle). */
        status: z.enum(['draft', 'published', 'offline']).default('published'),
        internalLink: z.string().max(2000).optional(),
        externalLink: z.string().max(2000).optional(),
        operatingManual: z.string().max(2000).optional(),
        /** A file in the seed file's packages/ folder, copied to DATA_DIR/packages/ when the seed loads. */
        package: z
          .string()
          .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/, 'a plain file name')
          .optional(),
        menus: z.array(menuSeed).default([]),
      }),
    )
    .default([]),
});

export type Seed = z.infer<typeof seedSchema>;
export type SeedMenu = MenuSeed;
