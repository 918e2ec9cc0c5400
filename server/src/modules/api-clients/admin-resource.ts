import {
  type ApiClientCreate,
  type ApiClientRow,
  type ApiClientUpdate,
  apiClientsResource,
  DEFAULT_CLIENT_RATE_PER_MINUTE,
  DEFAULT_CLIENT_TOKEN_TTL_SECONDS,
  DEFAULT_SECRET_OVERLAP_HOURS,
} from '@uniwim/contracts';
import { eq } from 'drizzle-orm';
import { tenants } from '../../db/schema';
import type { AdminContext, ResourceDefinition, ResourceStore } from '../../platform/admin/resource-routes';
import type { Tx } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { applications } from '../applications/schema';
import { apiClientsAdminRepo as repo } from './admin-repo';
import { apiClients, apiClientTokens } from './schema';
import { hashSecret, newClientId, newClientSecret } from './secrets';

export interface ApiClientAdminDeps {
  /** Tells every instance that a credential changed: cached tokens are read again. */
  announceChange(): Promise<void>;
}

const HOUR_MS = 3_600_000;

const fieldError = (errorName: 'NOT_FOUND' | 'RULE_BROKEN', field: string, message: string) =>
  new AppError(errorName, message, [{ path: `body.${field}`, message }]);

const futureExpiry = (expiresAt: string | null | undefined): Date | null | undefined => {
  if (expiresAt === undefined || expiresAt === null) return expiresAt;
  const at = new Date(expiresAt);
  if (at.getTime() <= Date.now()) throw fieldError('RULE_BROKEN', 'expiresAt', '到期时间须晚于当前时间');
  return at;
};

const valuesOf = (input: ApiClientUpdate) => ({
  ...(input.name === undefined ? {} : { name: input.name }),
  ...(input.description === undefined ? {} : { description: input.description }),
  ...(input.scopes === undefined ? {} : { scopes: input.scopes }),
  ...(input.ipAllowList === undefined ? {} : { ipAllowList: input.ipAllowList }),
  ...(input.ratePerMinute === undefined ? {} : { ratePerMinute: input.ratePerMinute }),
  ...(input.tokenTtlSeconds === undefined ? {} : { tokenTtlSeconds: input.tokenTtlSeconds }),
  ...(input.expiresAt === undefined ? {} : { expiresAt: futureExpiry(input.expiresAt) }),
});

const notRevoked = (row: ApiClientRow) => {
  if (row.status === 'revoked') throw new AppError('API_CLIENT_REVOKED');
};

/** The owner must exist: a tenant still in service, an application of the catalogue. */
const checkOwners = async (tx: Tx, input: ApiClientCreate) => {
  if (input.ownerTenantId) {
    const [tenant] = await tx
      .select({ deletedAt: tenants.deletedAt })
      .from(tenants)
      .where(eq(tenants.id, input.ownerTenantId));
    if (!tenant || tenant.deletedAt) throw fieldError('NOT_FOUND', 'ownerTenantId', '租户不存在');
  }
  if (input.applicationId) {
    const [application] = await tx
      .select({ id: applications.id })
      .from(applications)
      .where(eq(applications.id, input.applicationId));
    if (!application) throw fieldError('NOT_FOUND', 'applicationId', '应用不存在');
  }
};

const endTokens = (tx: Tx, clientId: string) =>
  tx.delete(apiClientTokens).where(eq(apiClientTokens.clientId, clientId));

/**
 * API credentials as the /dmpInterfaceAuthorization page manages them. A secret is generated here,
 * answered once (answerExtra, which never reaches the operation log) and only its hash kept. Every
 * change is announced after the commit, so cached tokens everywhere are read again.
 */
export const createApiClientAdminStore = (
  deps: ApiClientAdminDeps,
): ResourceStore<ApiClientRow, ApiClientCreate, ApiClientUpdate> => {
  const reread = async (tx: Tx, id: string) => (await repo.get(tx, id))!;
  const announce = (ctx: AdminContext) => ctx.afterCommit(() => deps.announceChange());
  const giveSecret = (ctx: AdminContext) => {
    const secret = newClientSecret();
    ctx.answerExtra = { clientSecret: secret };
    return hashSecret(secret);
  };

  return {
    label: (row) => `${row.name}（${row.id}）`,
    list: (tx, query) => repo.list(tx, query),
    get: (tx, id) => repo.get(tx, id),

    create: async (tx, input, ctx) => {
      await checkOwners(tx, input);
      const id = newClientId();
      await tx.insert(apiClients).values({
        id,
        name: input.name,
        description: input.description ?? null,
        ownerTenantId: input.ownerTenantId ?? null,
        applicationId: input.applicationId ?? null,
        scopes: input.scopes,
        ipAllowList: input.ipAllowList ?? [],
        ratePerMinute: input.ratePerMinute ?? DEFAULT_CLIENT_RATE_PER_MINUTE,
        tokenTtlSeconds: input.tokenTtlSeconds ?? DEFAULT_CLIENT_TOKEN_TTL_SECONDS,
        expiresAt: futureExpiry(input.expiresAt) ?? null,
        secretHash: giveSecret(ctx),
        createdBy: ctx.operator.accountId,
      });
      return reread(tx, id);
    },

    update: async (tx, row, input, version, ctx) => {
      notRevoked(row);
      await repo.updateAtVersion(tx, row.id, version, valuesOf(input));
      announce(ctx);
      return reread(tx, row.id);
    },

    actions: {
      /**
       * A new secret, answered once; the old one keeps working for the overlap window (default 24 h)
       * so clients can switch without an outage. Only one old secret overlaps: rotating again inside
       * the window ends the one before. Tokens already issued run out by themselves (minutes).
       */
      'rotate-secret': async (tx, row, body, ctx) => {
        notRevoked(row);
        const overlapHours = (body as { overlapHours?: number }).overlapHours ?? DEFAULT_SECRET_OVERLAP_HOURS;
        const [current] = await tx
          .select({ secretHash: apiClients.secretHash })
          .from(apiClients)
          .where(eq(apiClients.id, row.id));
        const overlaps = overlapHours > 0;
        await repo.updateAtVersion(tx, row.id, row.version, {
          secretHash: giveSecret(ctx),
          secretIssuedAt: new Date(),
          previousSecretHash: overlaps ? current!.secretHash : null,
          previousSecretValidUntil: overlaps ? new Date(Date.now() + overlapHours * HOUR_MS) : null,
        });
        return reread(tx, row.id);
      },
      /** For good: every token ends at once, no secret works any more, and it cannot be enabled again. */
      revoke: async (tx, row, _body, ctx) => {
        notRevoked(row);
        await repo.updateAtVersion(tx, row.id, row.version, {
          status: 'revoked',
          revokedAt: new Date(),
          previousSecretHash: null,
          previousSecretValidUntil: null,
        });
        await endTokens(tx, row.id);
        announce(ctx);
        return reread(tx, row.id);
      },
      enable: async (tx, row, _body, ctx) => {
        notRevoked(row);
        await repo.updateAtVersion(tx, row.id, row.version, { status: 'active' });
        announce(ctx);
        return reread(tx, row.id);
      },
      /** Its tokens end at once; enabling again needs a new token from the token endpoint. */
      disable: async (tx, row, _body, ctx) => {
        notRevoked(row);
        await repo.updateAtVersion(tx, row.id, row.version, { status: 'disabled' });
        await endTokens(tx, row.id);
        announce(ctx);
        return reread(tx, row.id);
      },
    },
  };
};

export const apiClientAdminResource = (deps: ApiClientAdminDeps): ResourceDefinition => ({
  declaration: apiClientsResource as unknown as ResourceDefinition['declaration'],
  store: createApiClientAdminStore(deps) as unknown as ResourceDefinition['store'],
});
