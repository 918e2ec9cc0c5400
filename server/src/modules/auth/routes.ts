import {
  changePasswordBodySchema,
  codeChangePasswordBodySchema,
  codeLoginBodySchema,
  currentUserSchema,
  encodedBodySchema,
  envelopeSchema,
  forgetPasswordBodySchema,
  loginDataSchema,
  loginResultSchema,
  refreshBodySchema,
  tenantLookupSchema,
  tokenAnswerSchema,
  unlockBodySchema,
} from '@uniwim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import { type AuthGuard, sessionOf, tokenOf } from '../../platform/http/auth-guard';
import { decodeDataField } from '../../platform/http/encoded-body';
import { ok, sendJsonText } from '../../platform/http/envelope';
import type { RateLimiter, RateLimitPolicy } from '../../platform/rate-limit';
import type { AccessService } from '../access/service';
import type { SessionService } from '../sessions/service';
import type { TenantService } from '../tenants/service';
import type { AccountDirectory } from './account-directory';
import type { ChangePassword } from './change-password';
import type { CodeLogin } from './code-login';
import type { CurrentUserService } from './current-user';
import type { LockoutService } from './lockout-service';
import type { PasswordLogin } from './password-login';
import type { PasswordReset } from './password-reset';
import { requestContext } from './request-context';

export interface AuthRouteDeps {
  passwordLogin: PasswordLogin;
  codeLogin: CodeLogin;
  passwordReset: PasswordReset;
  changePassword: ChangePassword;
  currentUser: CurrentUserService;
  sessions: SessionService;
  tenants: TenantService;
  accounts: AccountDirectory;
  lockout: LockoutService;
  access: AccessService;
  auth: AuthGuard;
  rateLimiter: RateLimiter;
}

/** Exact-name tenant lookups per client address and minute: enough for people, not for enumeration. */
export const TENANT_LOOKUP_LIMIT: RateLimitPolicy = { name: 'tenant-lookup', limit: 30, windowMs: 60_000 };
/** Sign-in attempts per client address and minute, before lock-out even counts them. */
export const LOGIN_RATE_LIMIT: RateLimitPolicy = { name: 'login', limit: 60, windowMs: 60_000 };

export const authRoutes =
  (deps: AuthRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { auth } = deps;

    app.post(
      '/dmp/login',
      {
        schema: {
          tags: ['auth'],
          summary: 'Sign in with account and password',
          description:
            'Body `{data}`: base64 of the UTF-8 JSON `{username, password, vali?, captchaId?, tenantId?, remember?}`. ' +
            'password is base64 of RSA-OAEP (SHA-256) ciphertext made with GET /ump/key. When changePwd is true ' +
            'the token may only call POST /dmp/user/changePwd, GET /ump/currUserInfo and the logout call.',
          body: encodedBodySchema,
          response: { 200: envelopeSchema(loginResultSchema) },
        },
      },
      async (request) => {
        const context = requestContext(request);
        await deps.rateLimiter.enforceFor(LOGIN_RATE_LIMIT, context.ip);
        const input = decodeDataField(request.body.data, loginDataSchema);
        return ok(await deps.passwordLogin(input, context), '登录成功');
      },
    );

    app.get(
      '/dmp/tenant/detailByName',
      {
        schema: {
          tags: ['auth'],
          summary: 'Look a tenant up by its exact name (before sign-in)',
          querystring: z.object({ name: z.string().trim().min(1).max(100) }),
          response: { 200: envelopeSchema(tenantLookupSchema) },
        },
      },
      async (request) => {
        await deps.rateLimiter.enforceFor(TENANT_LOOKUP_LIMIT, request.ip);
        const tenant = await deps.tenants.findByName(request.query.name);
        if (tenant?.status !== 'active') throw new AppError('TENANT_NOT_FOUND');
        return ok({ id: tenant.id, cloud: tenant.cloud, sysType: tenant.sysType });
      },
    );

    app.post(
      '/dmp/refreshToken',
      {
        schema: {
          tags: ['auth'],
          summary: 'Exchange a refresh token for a new token pair (rotation)',
          description: 'A refresh token works once; presenting it again revokes every token of that sign-in.',
          body: refreshBodySchema,
          response: { 200: envelopeSchema(tokenAnswerSchema) },
        },
      },
      async (request) => {
        const context = requestContext(request);
        const issued = await deps.sessions.refresh(request.body.refreshToken, context);
        return ok({
          token: issued.token,
          expire: issued.expire,
          refreshToken: issued.refreshToken,
          tenantId: issued.tenantId,
        });
      },
    );

    app.get(
      '/uniwim/ump/loginLog/logOut',
      {
        schema: {
          tags: ['auth'],
          summary: 'Sign out: revokes the session and every token refreshed from it',
          headers: z.object({ from_channel: z.string().max(20).optional() }),
          response: { 200: envelopeSchema(z.null()) },
        },
      },
      async (request) => {
        const token = tokenOf(request);
        // Also in a tenant that no longer admits anyone: the tokens still end.
        const session = token ? await deps.sessions.find(token) : null;
        if (session) await deps.sessions.revoke(session);
        return ok(null, '退出成功');
      },
    );

    app.get(
      '/ump/currUserInfo',
      {
        onRequest: auth.allowingPasswordChange,
        schema: {
          tags: ['auth'],
          summary: 'The signed-in user',
          security: [{ bearer: [] }],
          response: { 200: envelopeSchema(currentUserSchema) },
        },
      },
      async (request, reply) => {
        sendJsonText(reply, await deps.currentUser.answerJson(sessionOf(request)));
      },
    );

    app.post(
      '/dmp/user/changePwd',
      {
        onRequest: auth.allowingPasswordChange,
        schema: {
          tags: ['auth'],
          summary: "Change the signed-in user's password",
          description:
            'opwd, npwd and rpwd are each base64 RSA-OAEP ciphertext like the login password. Every session ' +
            'of the account ends; the answer is a new token pair for the caller.',
          security: [{ bearer: [] }],
          body: changePasswordBodySchema,
          response: { 200: envelopeSchema(tokenAnswerSchema) },
        },
      },
      async (request) => {
        const issued = await deps.changePassword(sessionOf(request), request.body, requestContext(request));
        deps.currentUser.forget();
        return ok(
          {
            token: issued.token,
            expire: issued.expire,
            refreshToken: issued.refreshToken,
            tenantId: issued.tenantId,
          },
          '密码修改成功',
        );
      },
    );

    app.post(
      '/dmp/user/unlock',
      {
        onRequest: auth.required,
        schema: {
          tags: ['auth'],
          summary: 'Lift the sign-in lock of an account (platform admins; tenant admins for their members)',
          security: [{ bearer: [] }],
          body: unlockBodySchema,
          response: { 200: envelopeSchema(z.object({ wasLocked: z.boolean() })) },
        },
      },
      async (request) => {
        const session = sessionOf(request);
        if (!(await deps.access.isPlatformAdmin(session))) {
          const tenantId = await deps.access.assertTenantAdmin(session);
          const account = await deps.accounts.findByUsername(request.body.username);
          const member = account?.memberships.some((m) => m.tenantId === tenantId);
          if (!member) throw new AppError('NOT_FOUND', '用户不存在');
        }
        return ok({ wasLocked: await deps.lockout.unlock(request.body.username) }, '解锁成功');
      },
    );

    app.post(
      '/dmp/verificationCodeLogin',
      {
        schema: {
          tags: ['auth'],
          summary: 'Sign in with an SMS code, or complete a two-factor sign-in',
          description:
            'LOGIN_CODE: `{mobile, code, tenantId?}`. TWO_FACTOR_CODE: `{code, ticket}` with the ticket of the ' +
            'password sign-in that asked for the second factor. Same token answer, lock-out and login log as ' +
            'the password sign-in.',
          body: codeLoginBodySchema,
          response: { 200: envelopeSchema(loginResultSchema) },
        },
      },
      async (request) => {
        const context = requestContext(request);
        await deps.rateLimiter.enforceFor(LOGIN_RATE_LIMIT, context.ip);
        return ok(await deps.codeLogin(request.body, context), '登录成功');
      },
    );

    app.post(
      '/dmp/forgetPwd',
      {
        schema: {
          tags: ['auth'],
          summary: 'Reset a forgotten password with an SMS code (FORGET_PWD_CODE)',
          description:
            'npwd is RSA-OAEP ciphertext like the login password. Every session of the account ends.',
          body: forgetPasswordBodySchema,
          response: { 200: envelopeSchema(z.null()) },
        },
      },
      async (request) => {
        await deps.passwordReset.forgotten(request.body);
        deps.currentUser.forget();
        return ok(null, '密码重置成功');
      },
    );

    app.post(
      '/dmp/verificationChangePwd',
      {
        onRequest: auth.allowingPasswordChange,
        schema: {
          tags: ['auth'],
          summary:
            "Change the signed-in user's password with an SMS code (CHANGE_PWD_CODE) instead of the old one",
          security: [{ bearer: [] }],
          body: codeChangePasswordBodySchema,
          response: { 200: envelopeSchema(tokenAnswerSchema) },
        },
      },
      async (request) => {
        const issued = await deps.passwordReset.withCode(
          sessionOf(request),
          request.body,
          requestContext(request),
        );
        deps.currentUser.forget();
        return ok(
          {
            token: issued.token,
            expire: issued.expire,
            refreshToken: issued.refreshToken,
            tenantId: issued.tenantId,
          },
          '密码修改成功',
        );
      },
    );
  };
