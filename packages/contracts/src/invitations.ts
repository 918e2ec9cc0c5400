import { z } from 'zod';

/**
 * An invitation to join a tenant: an administrator added an existing account by its mobile, and
 * the account's holder accepts or declines it after signing in (`/ump/invitations`).
 */
export const invitationSchema = z.object({
  tenantId: z.string(),
  tenantName: z.string(),
  departmentName: z.string().nullable(),
  roleNames: z.array(z.string()),
  invitedAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationParamsSchema = z.object({ tenantId: z.string().trim().min(1).max(100) });
