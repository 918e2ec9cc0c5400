import {
  buttonPermissionsQuerySchema,
  buttonPermissionsSchema,
  envelopeSchema,
  menuTreeSchema,
  saveRoleMenusAnswerSchema,
  saveRoleMenusBodySchema,
  saveUserRolesAnswerSchema,
  saveUserRolesBodySchema,
} from '@uniwim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import { type AuthGuard, sessionOf } from '../../platform/http/auth-guard';
import { ok } from '../../platform/http/envelope';
import type { TenantService } from '../tenants/service';
import { sendPrepared } from './prepared-answer';
import type { MenuTreeService } from './service';

export interface MenuRouteDeps {
  menuTrees: MenuTreeService;
  /** Its cached "isAdmin" may change with a member's roles. */
  currentUser: { forget(): void };
  tenants: TenantService;
  auth: AuthGuard;
}

const treeResponses = {
  200: envelopeSchema(menuTreeSchema),
  304: z.null().describe('Not modified: the If-None-Match tag is current'),
};

/** Pages in frames may pass their token in the query (spec section 4, "Frame ready"). */
const frameTokenQuery = {
  uniwater_utoken: z.string().max(1000).optional(),
  token: z.string().max(1000).optional(),
};

const TREE_CACHING =
  'Answers carry a strong ETag and `Cache-Control: private, no-cache`; `If-None-Match` with a current ' +
  'tag answers 304. Bodies are gzip- or brotli-compressed when the client accepts it.';

export const menuRoutes =
  ({ menuTrees, currentUser, tenants, auth }: MenuRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/ump/menu/userMenuTree',
      {
        onRequest: auth.required,
        schema: {
          tags: ['menus'],
          summary: "The signed-in user's menu tree in the active tenant",
          description:
            'Items of applications the active tenant is empowered to use, granted to one of the ' +
            "user's roles there; a granted item brings its parents. Siblings are sorted by sort, " +
            `then name. Empty in the platform scope. ${TREE_CACHING}`,
          security: [{ bearer: [] }],
          response: treeResponses,
        },
      },
      async (request, reply) => {
        sendPrepared(request, reply, (await menuTrees.userTree(sessionOf(request))).answer);
        return reply;
      },
    );

    app.get(
      '/ump/menu/mergeUserMenuTree',
      {
        onRequest: auth.optional,
        schema: {
          tags: ['menus'],
          summary: "The user's menu tree merged with the public items; the public items alone for visitors",
          description:
            "With a valid token: the user's tree plus the active tenant's public items. Without one " +
            "(or with an invalid one): the public items of the page's tenant, taken from `tenant` " +
            '(code or id), else the Host domain; none without a tenant or for a disabled or expired ' +
            `tenant. ${TREE_CACHING}`,
          querystring: z.object({ tenant: z.string().min(1).max(100).optional(), ...frameTokenQuery }),
          response: treeResponses,
        },
      },
      async (request, reply) => {
        const session = request.session;
        let pageTenant = null;
        if (!session) {
          pageTenant = await tenants.resolveForPage(request.headers.host, request.query.tenant);
          if (request.query.tenant && !pageTenant) throw new AppError('TENANT_NOT_FOUND');
        }
        sendPrepared(request, reply, (await menuTrees.mergedTree(session, pageTenant)).answer);
        return reply;
      },
    );

    app.get(
      '/ump/menu/getMenuTreeByPid',
      {
        onRequest: auth.required,
        schema: {
          tags: ['menus'],
          summary: "The children of one item of the user's menu tree",
          description: `An item outside the user's tree answers MENU_NOT_FOUND. ${TREE_CACHING}`,
          security: [{ bearer: [] }],
          querystring: z.object({ pid: z.string().trim().min(1).max(100), ...frameTokenQuery }),
          response: treeResponses,
        },
      },
      async (request, reply) => {
        sendPrepared(request, reply, await menuTrees.subtree(sessionOf(request), request.query.pid));
        return reply;
      },
    );

    app.get(
      '/ump/adminMenu/adminMenuTree',
      {
        onRequest: auth.required,
        schema: {
          tags: ['menus'],
          summary: 'The admin console menu (admin.html), administrators only',
          description:
            'Platform administrators get every item; administrators of the active tenant get all but the ' +
            `platform-only items (tenants, the application catalogue). Others: 403 FORBIDDEN. ${TREE_CACHING}`,
          security: [{ bearer: [] }],
          response: treeResponses,
        },
      },
      async (request, reply) => {
        sendPrepared(request, reply, (await menuTrees.adminTree(sessionOf(request))).answer);
        return reply;
      },
    );

    app.get(
      '/ump/menu/buttonPermissions',
      {
        onRequest: auth.required,
        schema: {
          tags: ['menus'],
          summary: "The permission codes of the button items the user's roles grant in the active tenant",
          description:
            'Button items (type "button") of the menu trees carry permission codes an application checks ' +
            '(`device:export`); they are granted to roles like any item and never shown as menus. Only ' +
            'published applications the tenant is empowered to use count; `applicationId` narrows to one. ' +
            'Empty in the platform scope.',
          security: [{ bearer: [] }],
          querystring: buttonPermissionsQuerySchema.extend(frameTokenQuery),
          response: { 200: envelopeSchema(buttonPermissionsSchema) },
        },
      },
      async (request) =>
        ok({ codes: await menuTrees.buttonPermissions(sessionOf(request), request.query.applicationId) }),
    );

    app.post(
      '/ump/role/saveMenus',
      {
        onRequest: auth.required,
        schema: {
          tags: ['menus'],
          summary: 'Replace the menu grants of a role of the active tenant (tenant admins)',
          description:
            'One transaction: an unknown role (ROLE_NOT_FOUND) or a menu of an application the tenant is ' +
            'not empowered to use (MENU_NOT_FOUND, `Details.menuIds`) changes nothing. Menu trees of ' +
            'every instance reflect the change on their next request.',
          security: [{ bearer: [] }],
          body: saveRoleMenusBodySchema,
          response: { 200: envelopeSchema(saveRoleMenusAnswerSchema) },
        },
      },
      async (request) => ok(await menuTrees.saveRoleMenus(sessionOf(request), request.body), '保存成功'),
    );

    app.post(
      '/ump/user/saveRoles',
      {
        onRequest: auth.required,
        schema: {
          tags: ['menus'],
          summary: 'Replace the roles a member holds in the active tenant (tenant admins)',
          description:
            '`userId` is the account id. One transaction: a user who is not a member (MEMBER_NOT_FOUND), ' +
            'an unknown role (ROLE_NOT_FOUND, `Details.roleIds`) or leaving the tenant without an active ' +
            'administrator (LAST_TENANT_ADMIN) changes nothing.',
          security: [{ bearer: [] }],
          body: saveUserRolesBodySchema,
          response: { 200: envelopeSchema(saveUserRolesAnswerSchema) },
        },
      },
      async (request) => {
        const saved = await menuTrees.saveUserRoles(sessionOf(request), request.body);
        currentUser.forget();
        return ok(saved, '保存成功');
      },
    );
  };
