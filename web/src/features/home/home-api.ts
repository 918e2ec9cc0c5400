import type {
  HomeApplication,
  HomeOverview,
  HomeRecentItem,
  HomeWidget,
  HomeWidgetData,
  HomeWidgetSettings,
  WorkbenchLayout,
  WorkbenchLayoutBody,
} from '@uniwim/contracts/client';
import type { ApiClient } from '../../lib/api';

/** The home's and the workbench's server calls; each widget is a request of its own. */
export const homeApi = (api: ApiClient) => ({
  overview: () => api.get<HomeOverview>('/ump/home/overview'),
  applications: () => api.get<HomeApplication[]>('/ump/home/applications'),
  recent: () => api.get<HomeRecentItem[]>('/ump/home/recent'),
  widgets: () => api.get<HomeWidget[]>('/ump/home/widgets'),
  widget: (name: string) => api.get<HomeWidgetData>(`/ump/home/widgets/${encodeURIComponent(name)}`),
  widgetSettings: () => api.get<HomeWidgetSettings>('/ump/home/widget-settings'),
  saveWidgetSettings: (widgets: string[]) =>
    api.request<{ widgets: string[] }>('/ump/home/widget-settings', { method: 'PUT', body: { widgets } }),
  layout: () => api.get<WorkbenchLayout>('/ump/workbench/layout'),
  saveLayout: (body: WorkbenchLayoutBody) =>
    api.request<null>('/ump/workbench/layout', { method: 'PUT', body }),
  resetLayout: () => api.request<null>('/ump/workbench/layout', { method: 'DELETE' }),
});

export type HomeApi = ReturnType<typeof homeApi>;
