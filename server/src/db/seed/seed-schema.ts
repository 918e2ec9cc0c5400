import { loginConfigOverrideSchema } from '@uniwim/contracts';
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
});

type MenuSeed = {
  id: string;
  name: string;
  link?: string;
  effectDrawing?: string;
  target?: '_self' | '_blank' | '_blankTop';
  menuStyle?: number;
  isPublic?: boolean;
  disabled?: boolean;
  visibleCondition?: string;
  children?: MenuSeed[];
};

const menuSeed: z.ZodType<MenuSeed> = z.lazy(() =>
  z.strictObject({
    id: identifier,
    name: z.string().min(1).max(100),
    link: z.string().max(2000).optional(),
    effectDrawing: z.string().max(2000).optional(),
    target: z.enum(['_self', '_blank', '_blankTop']).optional(),
    menuStyle: z.number().int().optional(),
    isPublic: z.boolean().optional(),
    disabled: z.boolean().optional(),
    visibleCondition: z.string().max(500).optional(),
    children: z.array(menuSeed).optional(),
  }),
);

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
      }),
    )
    .default([]),
  users: z.array(userSeed).default([]),
  /** Application keys the tenant is empowered to use. */
  applications: z.array(identifier).default([]),
});

export const seedSchema = z.strictObject({
  $schema: z.string().optional(),
  platform: z.strictObject({
    admin: userSeed.omit({ roles: true }),
    loginConfig: loginConfigOverrideSchema.default({}),
  }),
  tenants: z.array(tenantSeed).default([]),
  applications: z
    .array(
      z.strictObject({
        key: identifier,
        name: z.string().min(1).max(100),
        version: z.string().max(20).default('1.0.0'),
        internalLink: z.string().max(2000).optional(),
        externalLink: z.string().max(2000).optional(),
        operatingManual: z.string().max(2000).optional(),
        menus: z.array(menuSeed).default([]),
      }),
    )
    .default([]),
});

export type Seed = z.infer<typeof seedSchema>;
export type SeedMenu = MenuSeed;
