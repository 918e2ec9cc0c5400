import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type MyTodo, type MyTodoPage, TODO_PLATFORM_SOURCE } from '@uniwim/contracts/client';
import { Alert, App, Button, Segmented, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useLocalizedTexts } from '../../i18n/texts';
import { api } from '../../lib/api';
import { formatDateTime } from '../admin/cells';
import { announceTodosChanged, requestShellOpen } from './shell-open';
import { todoTexts } from './todo-texts';

type Status = 'open' | 'done' | 'all';
const PAGE_SIZE = 20;

/**
 * The member's own to-dos (/todoList, "我的待办"): open ones first, overdue highlighted; a title
 * with a link opens it in the shell; done and undo one at a time, or several done at once.
 */
export const MyTodos = () => {
  const t = useLocalizedTexts(todoTexts);
  const { message } = App.useApp();
  const client = useQueryClient();
  const [status, setStatus] = useState<Status>('open');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string[]>([]);

  const list = useQuery({
    queryKey: ['todos', 'mine', status, page],
    queryFn: ({ signal }) =>
      api.get<MyTodoPage>('/ump/todos', { query: { status, page, pageSize: PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });

  const changed = () => {
    setSelected([]);
    announceTodosChanged();
    return client.invalidateQueries({ queryKey: ['todos', 'mine'] });
  };
  const failed = (error: Error) => message.error(error.message);
  const mark = useMutation({
    mutationFn: ({ id, verb }: { id: string; verb: 'done' | 'undo' }) =>
      api.post<{ updated: number }>(`/ump/todos/${encodeURIComponent(id)}/${verb}`, {}),
    onSuccess: (_, { verb }) => {
      message.success(verb === 'done' ? t.doneOk : t.undoOk);
      return changed();
    },
    onError: failed,
  });
  const bulk = useMutation({
    mutationFn: (ids: string[]) => api.post<{ updated: number }>('/ump/todos/batch-done', { ids }),
    onSuccess: () => {
      message.success(t.doneOk);
      return changed();
    },
    onError: failed,
  });

  const sourceOf = (todo: MyTodo) => (todo.source === TODO_PLATFORM_SOURCE ? t.platformSource : todo.source);

  return (
    <div className="todo-list" data-testid="my-todos">
      <div className="todo-list__toolbar">
        <Segmented<Status>
          value={status}
          data-testid="todo-status"
          options={[
            { value: 'open', label: t.statusOpen },
            { value: 'done', label: t.statusDone },
            { value: 'all', label: t.statusAll },
          ]}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
            setSelected([]);
          }}
        />
        {status !== 'done' && (
          <Button
            type="primary"
            disabled={selected.length === 0}
            loading={bulk.isPending}
            data-testid="todo-bulk-done"
            onClick={() => bulk.mutate(selected)}
          >
            {t.bulkDone(selected.length)}
          </Button>
        )}
      </div>
      {list.isError ? (
        <Alert
          type="error"
          showIcon
          message={t.loadFailed}
          description={list.error.message}
          action={
            <Button size="small" onClick={() => void list.refetch()}>
              {t.retry}
            </Button>
          }
        />
      ) : (
        <Table<MyTodo>
          rowKey="id"
          size="middle"
          loading={list.isFetching}
          dataSource={list.data?.items ?? []}
          locale={{ emptyText: t.empty }}
          rowClassName={(todo) => (todo.overdue ? 'todo-list__row--overdue' : '')}
          rowSelection={
            status === 'done'
              ? undefined
              : {
                  selectedRowKeys: selected,
                  onChange: (keys) => setSelected(keys as string[]),
                  getCheckboxProps: (todo) => ({ disabled: todo.status === 'done' }),
                }
          }
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: list.data?.total ?? 0,
            showSizeChanger: false,
            showTotal: t.total,
            onChange: setPage,
          }}
          columns={[
            {
              key: 'title',
              title: t.title,
              render: (_, todo) =>
                todo.link ? (
                  <Button
                    type="link"
                    className="todo-list__link"
                    data-testid="todo-open"
                    onClick={() => requestShellOpen(todo.link!, todo.title)}
                  >
                    {todo.title}
                  </Button>
                ) : (
                  todo.title
                ),
            },
            { key: 'source', title: t.source, render: (_, todo) => sourceOf(todo) },
            {
              key: 'due',
              title: t.due,
              render: (_, todo) => (
                <Space size={4}>
                  <span>{todo.dueAt ? formatDateTime(todo.dueAt) : t.noDue}</span>
                  {todo.overdue && (
                    <Tag color="red" data-testid="todo-overdue">
                      {t.overdue}
                    </Tag>
                  )}
                </Space>
              ),
            },
            { key: 'created', title: t.created, render: (_, todo) => formatDateTime(todo.createdAt) },
            {
              key: 'status',
              title: t.status,
              render: (_, todo) =>
                todo.status === 'done' ? (
                  <Tag color="green">{t.statusDone}</Tag>
                ) : (
                  <Tag color="orange">{t.statusOpen}</Tag>
                ),
            },
            {
              key: 'actions',
              title: t.actions,
              render: (_, todo) => (
                <Button
                  size="small"
                  data-testid={todo.status === 'done' ? 'todo-undo' : 'todo-done'}
                  loading={mark.isPending && mark.variables?.id === todo.id}
                  onClick={() => mark.mutate({ id: todo.id, verb: todo.status === 'done' ? 'undo' : 'done' })}
                >
                  {todo.status === 'done' ? t.undo : t.done}
                </Button>
              ),
            },
          ]}
        />
      )}
    </div>
  );
};
