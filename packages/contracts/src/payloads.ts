import { z } from 'zod';

/** GET /ump/key */
export const publicKeySchema = z.object({
  publicKey: z.string().describe('RSA public key, SPKI PEM; encrypt with RSA-OAEP SHA-256'),
  keyId: z.string(),
  algorithm: z.literal('RSA-OAEP-256'),
});
export type PublicKeyAnswer = z.infer<typeof publicKeySchema>;

/** GET /dmp/tenant/detailByName */
export const tenantLookupSchema = z.object({ id: z.string(), cloud: z.string(), sysType: z.string() });
export type TenantLookup = z.infer<typeof tenantLookupSchema>;

/** GET /ump/currUserInfo */
export const currentUserSchema = z.object({
  id: z.string(),
  sn: z.string(),
  username: z.string(),
  name: z.string(),
  mobile: z.string().nullable(),
  isAdmin: z.boolean(),
  tenantId: z.string().nullable(),
  tenantName: z.string().nullable(),
  /**
   * The zone every time is shown in (IANA name): the active tenant's setting, the platform's outside
   * a tenant (issue 25).
   */
  timeZone: z.string(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
