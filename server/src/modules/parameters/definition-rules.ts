import {
  type ParameterChoice,
  type ParameterType,
  type PlatformParameterUpdate,
  parameterValueProblem,
} from '@uniwim/contracts';
import { AppError } from '../../platform/errors';

/** A platform parameter's definition as the rules need it (never its secret). */
export interface Definition {
  type: ParameterType;
  value: string | null;
  choices: ParameterChoice[];
  builtin: boolean;
  clientReadable: boolean;
}

export interface PlannedDefinition {
  /** The columns to write (a secret's value separately). */
  values: Partial<Definition> & { name?: string; description?: string | null; tenantEditable?: boolean };
  /** A new secret value. */
  secretValue?: string;
  /** The type or its choices changed: tenants' own values must still fit. */
  recheckTenantValues: boolean;
}

const invalid = (field: string, message: string, name: 'VALIDATION_FAILED' | 'PARAMETER_VALUE_INVALID') =>
  new AppError(name, message, [{ path: `body.${field}`, message }]);

/**
 * What an edit of a platform parameter writes, or the typed refusal: a built-in parameter keeps its
 * type; a type never turns into or out of a secret (a secret is never copied into a readable column,
 * nor a readable value into a secret); a choice needs choices; a secret is never readable by
 * clients; the value fits the type it will have.
 */
export const plannedDefinition = (current: Definition, input: PlatformParameterUpdate): PlannedDefinition => {
  const type = input.type ?? current.type;
  if (type !== current.type) {
    if (current.builtin)
      throw new AppError('BUILTIN_RECORD', '内置参数不能修改类型', [
        { path: 'body.type', message: '内置参数不能修改类型' },
      ]);
    if ((type === 'secret') !== (current.type === 'secret'))
      throw new AppError('PARAMETER_TYPE_CHANGE_REFUSED');
  }
  const choices = input.choices ?? current.choices;
  if (type === 'choice' && choices.length === 0) {
    throw invalid('choices', '选项类型至少需要一个选项', 'VALIDATION_FAILED');
  }
  const clientReadable = input.clientReadable ?? current.clientReadable;
  if (type === 'secret' && clientReadable) {
    throw invalid('clientReadable', '密文参数不能开放给客户端读取', 'VALIDATION_FAILED');
  }
  const { value: inputValue, ...rest } = input;
  const planned: PlannedDefinition = {
    values: { ...rest },
    recheckTenantValues: type !== 'secret' && (type !== current.type || input.choices !== undefined),
  };
  if (type === 'secret') {
    if (inputValue !== undefined) {
      const problem = parameterValueProblem('secret', inputValue);
      if (problem) throw invalid('value', problem, 'PARAMETER_VALUE_INVALID');
      planned.secretValue = inputValue;
    }
    return planned;
  }
  const value = inputValue ?? current.value ?? '';
  const problem = parameterValueProblem(type, value, choices);
  if (problem) {
    throw invalid(
      'value',
      inputValue === undefined ? `${problem}（当前值不符合新的类型，请一并修改）` : problem,
      'PARAMETER_VALUE_INVALID',
    );
  }
  if (inputValue !== undefined) planned.values.value = inputValue;
  return planned;
};
