import { messageClassesResource, messageTemplatesResource } from '@uniwim/contracts';
import type { AdminPageDefinition } from '../../admin-routes';
import { RemoteSelect } from '../../RemoteSelect';

/** The template's class, picked from the tenant's message classes by name. */
const ClassPicker = ({
  value,
  onChange,
  id,
}: {
  value?: unknown;
  onChange?(value: unknown): void;
  id?: string;
}) => (
  <RemoteSelect
    id={id}
    declaration={messageClassesResource}
    labelOf={(row) => String(row.name)}
    value={value}
    onChange={onChange}
  />
);

/** /messageMessageTemplate: the tenant's message templates (issue 15). */
export const messageTemplatesPage: AdminPageDefinition = {
  tabs: [{ declaration: messageTemplatesResource, fieldControls: { classId: ClassPicker } }],
};
