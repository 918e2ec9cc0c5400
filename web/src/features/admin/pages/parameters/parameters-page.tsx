import { platformParametersResource, tenantParametersResource } from '@uniwim/contracts';
import { textsIn } from '../../../../i18n/texts';
import type { Language } from '../../../../lib/language';
import type { AdminPageDefinition } from '../../admin-routes';
import type { AdminRow } from '../../resource-api';
import { ParameterChoicesInput, ParameterValueInput, parameterValueText } from './parameter-inputs';
import { parametersTexts } from './parameters-texts';

const fieldControls = { value: ParameterValueInput, choices: ParameterChoicesInput };

const valueCell = (field: 'value' | 'defaultValue') => (record: AdminRow, language: Language) =>
  parameterValueText(record, record[field], textsIn(parametersTexts, language));

/** /umpParameters: every parameter's effective value and its source; the tenant sets its own values. */
export const tenantParametersPage: AdminPageDefinition = {
  tabs: [
    {
      declaration: tenantParametersResource,
      fieldControls,
      cells: { value: valueCell('value'), defaultValue: valueCell('defaultValue') },
      allows: (record, action) =>
        action === 'edit' ? record.tenantEditable === true : action !== 'reset' || record.source === 'tenant',
    },
  ],
};

/** /umpParameters?scope=dmp: the platform's parameters, their types and defaults. */
export const platformParametersPage: AdminPageDefinition = {
  tabs: [
    {
      declaration: platformParametersResource,
      fieldControls,
      cells: { value: valueCell('value') },
      allows: (record, action) =>
        action === 'delete'
          ? record.builtin !== true
          : action !== 'reset-overrides' || Number(record.overrideCount) > 0,
    },
  ],
};
