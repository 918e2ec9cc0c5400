import {
  envelopeSchema,
  homeApplicationListSchema,
  homeOverviewSchema,
  homeRecentListSchema,
  homeWidgetDataSchema,
  homeWidgetListSchema,
  homeWidgetNameSchema,
  homeWidgetSettingsBodySchema,
  homeWidgetSettingsSchema,
  workbenchLayoutBodySchema,
  workbenchLayoutSchema,
} from '@uniwim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthGuard, sessionOf } from '../../platform/http/auth-guard';
import { ok } from '../../platform/http/envelope';
import type { HomeService } from './service';

const tags = ['home'];
const security = [{ bearer: [] }];

/** The homepage (/homepage) and the SaaS workbench (/saasWorkbench): one request per widget. */
export const homeRoutes =
  (deps: { home: HomeService; auth: AuthGuard }): FastifyPluginAsyncZod =>
  async (app) => {
    const { home, auth } = deps;

    app.get(
      '/ump/home/overview',
      {
        onRequest: auth.required,
        schema: {
          tags,
          summary: "The homepage's greeting and branding: the user's and tenant's names, banners, layout",
          description:
            "Banners are the tenant's appBannerList and the layout follows its appTemp (login configuration); " +
            'an unknown appTemp shows the default layout.',
          security,
          response: { 200: envelopeSchema(homeOverviewSchema) },
        },
      },
      async (request) => ok(await home.overview(sessionOf(request))),
    );

    app.get(
      '/ump/home/applications',
      {
        onRequest: auth.required,
        schema: {
          tags,
          summary: "The user's applications in the active tenant, from their menu tree",
          description:
            'One entry per application of the menu tree, in its order, with the menu item that opens it ' +
            '(the first with a page), the catalogue icon and category. Empty in the platform scope.',
          security,
          response: { 200: envelopeSchema(homeApplicationListSchema) },
        },
      },
      async (request) => ok(await home.applications(sessionOf(request))),
    );

    app.get(
      '/ump/home/recent',
      {
        onRequest: auth.required,
        schema: {
          tags,
          summary: 'The applications the user opened last (usage logs), newest first',
          description: "Only applications still in the user's menu tree; at most 8.",
          security,
          response: { 200: envelopeSchema(homeRecentListSchema) },
        },
      },
      async (request) => ok(await home.recent(sessionOf(request))),
    );

    app.get(
      '/ump/home/widgets',
      {
        onRequest: auth.required,
        schema: {
          tags,
          summary: 'The widgets (KPI cards) of the homepage the tenant chose and the user may see',
          security,
          response: { 200: envelopeSchema(homeWidgetListSchema) },
        },
      },
      async (request) => ok(await home.widgets(sessionOf(request))),
    );

    app.get(
      '/ump/home/widgets/:name',
      {
        onRequest: auth.required,
        schema: {
          tags,
          summary: "One widget's data",
          description:
            'A widget the tenant did not choose, or the user may not see, answers HOME_WIDGET_NOT_FOUND. A ' +
            'failing source fails this request only.',
          security,
          params: z.object({ name: homeWidgetNameSchema }),
          response: { 200: envelopeSchema(homeWidgetDataSchema) },
        },
      },
      async (request) => ok(await home.widgetData(sessionOf(request), request.params.name)),
    );

    app.get(
      '/ump/home/widget-settings',
      {
        onRequest: auth.required,
        schema: {
          tags,
          summary: "The tenant's choice of homepage KPI cards and every card available (tenant admins)",
          security,
          response: { 200: envelopeSchema(homeWidgetSettingsSchema) },
        },
      },
      async (request) => ok(await home.widgetSettings(sessionOf(request))),
    );

    app.put(
      '/ump/home/widget-settings',
      {
        onRequest: auth.required,
        schema: {
          tags,
          summary: "Choose the tenant's homepage KPI cards, in order (tenant admins)",
          description: 'An unknown card answers HOME_WIDGET_UNKNOWN (`Details.widgets`) and changes nothing.',
          security,
          body: homeWidgetSettingsBodySchema,
          response: { 200: envelopeSchema(homeWidgetSettingsBodySchema) },
        },
      },
      async (request) =>
        ok({ widgets: await home.saveWidgetSettings(sessionOf(request), request.body) }, '保存成功'),
    );

    app.get(
      '/ump/workbench/layout',
      {
        onRequest: auth.required,
        schema: {
          tags,
          summary: "The member's workbench arrangement: application order and favourites",
          description: 'Only applications the member has now; isDefault when never saved or reset.',
          security,
          response: { 200: envelopeSchema(workbenchLayoutSchema) },
        },
      },
      async (request) => ok(await home.layout(sessionOf(request))),
    );

    app.put(
      '/ump/workbench/layout',
      {
        onRequest: auth.required,
        schema: {
          tags,
          summary: "Save the member's workbench arrangement in the active tenant",
          security,
          body: workbenchLayoutBodySchema,
          response: { 200: envelopeSchema(z.null()) },
        },
      },
      async (request) => {
        await home.saveLayout(sessionOf(request), request.body);
        return ok(null, '保存成功');
      },
    );

    app.delete(
      '/ump/workbench/layout',
      {
        onRequest: auth.required,
        schema: {
          tags,
          summary: "Reset the member's workbench to the default order",
          security,
          response: { 200: envelopeSchema(z.null()) },
        },
      },
      async (request) => {
        await home.resetLayout(sessionOf(request));
        return ok(null, '已恢复默认');
      },
    );
  };
