import { envelopeSchema, loginResultSchema } from '@uniwim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthGuard, sessionOf } from '../../platform/http/auth-guard';
import { ok } from '../../platform/http/envelope';
import type { RateLimiter, RateLimitPolicy } from '../../platform/rate-limit';
import { requestContext } from '../auth/request-context';
import type { TenantService } from '../tenants/service';
import type { QrLogin } from './service';

/** Codes a client address may open per minute: a page asks for one per refresh. */
export const QR_CREATE_LIMIT: RateLimitPolicy = { name: 'qr-create', limit: 60, windowMs: 60_000 };

const uidBody = z.strictObject({ uid: z.string().min(16).max(100) });
const scanAnswer = z.object({
  device: z.string(),
  ip: z.string(),
  tenantId: z.string().nullable(),
  tenantName: z.string().nullable(),
  expiresAt: z.string(),
});

export const qrLoginRoutes =
  (deps: {
    qrLogin: QrLogin;
    tenants: TenantService;
    auth: AuthGuard;
    rateLimiter: RateLimiter;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const { qrLogin, auth } = deps;

    app.get(
      '/ump/qrcodeLogin',
      {
        websocket: true,
        schema: {
          tags: ['qr-login'],
          summary: 'WebSocket of the QR sign-in panel',
          description:
            'Messages are JSON {type, data}: "uid" (data: the code to show) first, then "scanned", and "token" ' +
            '(data: the same answer as POST /dmp/login) once the phone confirms; "cancelled", "expired" or ' +
            '"error" end the code. The tenant is the page\'s (`tenant` parameter or host).',
          querystring: z.object({ tenant: z.string().min(1).max(100).optional() }),
        },
      },
      async (socket, request) => {
        const context = requestContext(request);
        const send = (type: string, data: unknown = null) => {
          if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ type, data }));
        };
        const cleanups: (() => unknown)[] = [];
        const finish = (code = 1000, reason = '') => {
          for (const cleanup of cleanups.splice(0)) cleanup();
          if (socket.readyState === socket.OPEN) socket.close(code, reason);
        };
        socket.on('close', () => finish());
        socket.on('message', () => undefined); // the page has nothing to say; payloads are capped
        try {
          await deps.rateLimiter.enforceFor(QR_CREATE_LIMIT, context.ip);
          const query = request.query as { tenant?: string };
          const tenant = await deps.tenants.resolveForPage(request.headers.host, query.tenant);
          const uid = await qrLogin.create({
            tenantId: tenant?.id ?? null,
            userAgent: context.userAgent,
            ip: context.ip,
          });
          // Listen before showing the code, so no event can come before the listener.
          const unsubscribe = await qrLogin.watch(uid, (event) => {
            if (event === 'scanned') send('scanned');
            if (event === 'cancelled') {
              send('cancelled');
              finish(4001, 'cancelled');
            }
            // Redeem only for an open socket: a closed page leaves the code to its polling fallback.
            if (event === 'confirmed' && socket.readyState === socket.OPEN) {
              void qrLogin.redeem(uid, context).then(
                (result) => {
                  if (!result) return; // the polling fallback used it first
                  send('token', result);
                  finish(1000, 'signed in');
                },
                (error: unknown) => {
                  request.log.warn({ err: error }, 'qr sign-in could not be completed');
                  send('error', '二维码获取失败');
                  finish(4002, 'error');
                },
              );
            }
          });
          cleanups.push(() => void unsubscribe());
          const expiry = setTimeout(() => {
            send('expired');
            finish(4000, 'expired');
          }, qrLogin.ttlMs);
          cleanups.push(() => clearTimeout(expiry));
          if (socket.readyState !== socket.OPEN) return finish();
          send('uid', uid);
        } catch (error) {
          request.log.info({ err: error }, 'qr code not created');
          send('error', '二维码获取失败');
          finish(4002, 'error');
        }
      },
    );

    app.get(
      '/ump/scanQrcodeInterface',
      {
        schema: {
          tags: ['qr-login'],
          summary: 'Polling fallback of the QR panel (every 2.5 s)',
          description:
            'Success is true once, with Response holding the sign-in answer, after the phone confirmed; false ' +
            'otherwise (state tells why). A code is used once: by the socket or by this call.',
          querystring: z.object({ uuid: z.string().min(1).max(100) }),
          response: {
            200: z.object({
              Code: z.number(),
              Message: z.string(),
              Success: z.boolean(),
              Response: loginResultSchema.nullable(),
              state: z.string(),
            }),
          },
        },
      },
      async (request) => {
        const result = await qrLogin.redeem(request.query.uuid, requestContext(request));
        if (result) return { Code: 0, Message: '登录成功', Success: true, Response: result, state: 'used' };
        const state = await qrLogin.state(request.query.uuid);
        return { Code: 0, Message: '成功', Success: false, Response: null, state };
      },
    );

    app.post(
      '/ump/qrcode/scan',
      {
        onRequest: auth.required,
        schema: {
          tags: ['qr-login'],
          summary: 'Mobile app: the signed-in user scanned a code',
          security: [{ bearer: [] }],
          body: uidBody,
          response: { 200: envelopeSchema(scanAnswer) },
        },
      },
      async (request) => ok(await qrLogin.scan(request.body.uid, sessionOf(request))),
    );

    app.post(
      '/ump/qrcode/confirm',
      {
        onRequest: auth.required,
        schema: {
          tags: ['qr-login'],
          summary: 'Mobile app: sign the PC in as this user (after scanning)',
          security: [{ bearer: [] }],
          body: uidBody,
          response: { 200: envelopeSchema(z.null()) },
        },
      },
      async (request) => {
        await qrLogin.confirm(request.body.uid, sessionOf(request));
        return ok(null, '已确认登录');
      },
    );

    app.post(
      '/ump/qrcode/cancel',
      {
        onRequest: auth.required,
        schema: {
          tags: ['qr-login'],
          summary: 'Mobile app: refuse the sign-in (after scanning)',
          security: [{ bearer: [] }],
          body: uidBody,
          response: { 200: envelopeSchema(z.null()) },
        },
      },
      async (request) => {
        await qrLogin.cancel(request.body.uid, sessionOf(request));
        return ok(null, '已取消登录');
      },
    );
  };
