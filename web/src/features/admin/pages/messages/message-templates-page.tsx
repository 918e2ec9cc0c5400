import { messageClassesResource, messageOutboxResource, messageTemplatesResource } from '@uniwim/contracts';
import type { AdminPageDefinition } from '../../admin-routes';
import { RemoteSelect } from '../../RemoteSelect';
import { ParamValuesInput } from './ParamValuesInput';

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

/**
 * /messageMessageTemplate: the tenant's message templates (issue 15), with "send a test" asking a
 * value for each parameter, and the outbox: what was sent, its attempts and errors, resending.
 */
export const messageTemplatesPage: AdminPageDefinition = {
  tabs: [
    {
      declaration: messageTemplatesResource,
      fieldControls: { classId: ClassPicker, values: ParamValuesInput },
    },
    // Issue 15: the message outbox and templated sending
    // Only a row given up after its last attempt is sent again; the others are still on their way.
    {
      declaration: messageOutboxResource,
      allows: (record, action) => action !== 'retry' || record.status === 'dead',
    },
  ],
};
