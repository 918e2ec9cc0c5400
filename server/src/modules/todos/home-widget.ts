import { HOME_LIST_LIMIT, type HomeList, homeListSchema, TODO_PLATFORM_SOURCE } from '@uniwim/contracts';
import type { HomeWidgetSource } from '../home/widget-registry';
import type { TodoService } from './service';

/** The member's whole inbox. */
export const TODO_LIST_PATH = '/todoList';

/**
 * The home page's 我的待办 list: the member's open to-dos, overdue and soonest due first (the
 * inbox's own order), each opening its deep link in the shell; the total is every open one.
 */
export const myTodosWidget = (todos: Pick<TodoService, 'listMine'>): HomeWidgetSource<HomeList> => ({
  name: 'my-todos',
  title: '我的待办',
  titleEn: 'My to-dos',
  kind: 'list',
  defaultOn: true,
  visible: () => true,
  schema: homeListSchema,
  load: async ({ session, tenantId }) => {
    const page = await todos.listMine(
      { tenantId, accountId: session.accountId },
      { status: 'open', page: 1, pageSize: HOME_LIST_LIMIT },
    );
    return {
      items: page.items.map((todo) => ({
        id: todo.id,
        title: todo.title,
        // The platform's own to-dos need no source named; an application's do.
        summary: todo.source === TODO_PLATFORM_SOURCE ? null : todo.source,
        at: todo.dueAt,
        atKind: 'due' as const,
        link: todo.link,
        unread: false,
        overdue: todo.overdue,
        tags: [],
      })),
      total: page.total,
      moreLink: TODO_LIST_PATH,
    };
  },
});
