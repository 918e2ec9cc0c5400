import { envelopeSchema, invitationParamsSchema, invitationSchema } from '@uniwim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthGuard, sessionOf } from '../../platform/http/auth-guard';
import { ok } from '../../platform/http/envelope';
import type { Invitations } from './invitations';

const tags = ['shell'];
const security = [{ bearer: [] }];

/** `/ump/invitations`: the signed-in account's invitations to join tenants, answered by its holder. */
export const invitationRoutes =
  (deps: { invitations: Invitations; auth: AuthGuard }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/ump/invitations',
      {
        onRequest: deps.auth.required,
        schema: {
          tags,
          summary: "The signed-in account's pending invitations to join tenants",
          security,
          response: { 200: envelopeSchema(z.array(invitationSchema)) },
        },
      },
      async (request) => ok(await deps.invitations.mine(sessionOf(request).accountId)),
    );

    for (const [verb, message] of [
      ['accept', '已加入'],
      ['decline', '已拒绝'],
    ] as const) {
      app.post(
        `/ump/invitations/:tenantId/${verb}`,
        {
          onRequest: deps.auth.required,
          schema: {
            tags,
            summary:
              verb === 'accept'
                ? 'Accept an invitation: the membership becomes active with the roles chosen for it'
                : 'Decline an invitation: the membership offered is removed',
            description: '404 INVITATION_NOT_FOUND when the account has no such pending invitation.',
            security,
            params: invitationParamsSchema,
            response: { 200: envelopeSchema(z.null()) },
          },
        },
        async (request) => {
          await deps.invitations[verb](sessionOf(request).accountId, request.params.tenantId);
          return ok(null, message);
        },
      );
    }
  };
