import type { AdminScope } from '@uniwim/contracts';
import type { FastifyRequest } from 'fastify';
import type { Operator, PermissionService } from '../../modules/platform-access/service';
import type { ActiveSession } from '../../modules/sessions/repo';
import type { Database, Tx } from '../db/database';
import { describedGuard } from '../http/route-guards';
import type { AdminContext } from './resource-routes';

/** Who made an admin write, as the operation log and a settings history record it. */
export interface AdminActor {
  accountId: string;
  name: string;
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
}

/**
 * The admin routes' guard outside the resource routes (export, import, the download centre): the
 * token at onRequest, then the permission code before the input is looked at, so no token answers
 * 401 and a missing code 403 whatever the request holds.
 */
export const adminGuard = (
  deps: {
    db: Database;
    permissions: PermissionService;
    auth: { required(request: FastifyRequest): Promise<void> };
  },
  scope: AdminScope,
) => {
  const operators = new WeakMap<FastifyRequest, Operator>();
  const operatorOf = (request: FastifyRequest): Operator => {
    const operator = operators.get(request);
    if (!operator) throw new Error(`${request.url}: no permission was checked`);
    return operator;
  };
  return {
    guard: (code: string) => ({
      onRequest: deps.auth.required,
      preValidation: describedGuard(
        async (request: FastifyRequest) => {
          operators.set(
            request,
            await deps.permissions.require(request.session as ActiveSession, scope, code),
          );
        },
        { kind: 'permission', scope, code },
      ),
    }),
    operatorOf,
    actorOf: (request: FastifyRequest): AdminActor => {
      const operator = operatorOf(request);
      return {
        accountId: operator.accountId,
        name: operator.name,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        requestId: request.id,
      };
    },
    contextOf: (request: FastifyRequest): AdminContext => ({
      operator: operatorOf(request),
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
      requestId: request.id,
      answerExtra: {},
      afterCommit: () => {
        throw new Error('a read has nothing to do after a commit');
      },
    }),
  };
};

/** A transaction in the operator's scope: the platform's, or the active tenant's under row-level security. */
export const scopeOf =
  (db: Database, operator: Pick<Operator, 'tenantId'>) =>
  <T>(work: (tx: Tx) => Promise<T>): Promise<T> =>
    operator.tenantId === null ? db.asPlatform(work) : db.withTenant(operator.tenantId, work);
