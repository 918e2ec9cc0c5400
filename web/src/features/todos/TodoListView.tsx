import { todosResource } from '@uniwim/contracts';
import { Tabs } from 'antd';
import { useLocalizedTexts } from '../../i18n/texts';
import { ResourcePage } from '../admin/ResourcePage';
import { usePermissions } from '../admin/use-permissions';
import { MyTodos } from './MyTodos';
import { todoTexts } from './todo-texts';

/**
 * /todoList: the member's own inbox, and for administrators holding todo:list every member's
 * to-dos of the tenant (`/ump/admin/todos`, the declared resource's page).
 */
const TodoListView = () => {
  const t = useLocalizedTexts(todoTexts);
  const permissions = usePermissions('ump');
  const mayAdminister = permissions.data?.has(todosResource.permissions.list) ?? false;
  if (!mayAdminister) return <MyTodos />;
  return (
    <Tabs
      className="admin-tabs"
      items={[
        { key: 'mine', label: t.mineTab, children: <MyTodos /> },
        { key: 'all', label: t.allTab, children: <ResourcePage declaration={todosResource} /> },
      ]}
    />
  );
};

export default TodoListView;
