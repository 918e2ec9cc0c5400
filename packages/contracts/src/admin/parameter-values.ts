import { z } from 'zod';

/**
 * Parameters are typed (issue 14): every value travels and is stored as text, and its type says
 * which texts are valid. One check, used by the forms and by the server.
 */
export const PARAMETER_TYPES = ['text', 'number', 'boolean', 'choice', 'json', 'secret'] as const;
export type ParameterType = (typeof PARAMETER_TYPES)[number];

export const PARAMETER_TYPE_OPTIONS = [
  { value: 'text', label: { zh: '文本', en: 'Text' }, color: 'default' },
  { value: 'number', label: { zh: '数字', en: 'Number' }, color: 'blue' },
  { value: 'boolean', label: { zh: '布尔', en: 'Yes/no' }, color: 'cyan' },
  { value: 'choice', label: { zh: '选项', en: 'Choice' }, color: 'purple' },
  { value: 'json', label: { zh: 'JSON', en: 'JSON' }, color: 'gold' },
  { value: 'secret', label: { zh: '密文', en: 'Secret' }, color: 'red' },
] as const;

export const PARAMETER_VALUE_MAX_LENGTH = 4_000;

export const parameterChoiceSchema = z.strictObject({
  value: z.string().trim().min(1, '请输入选项值').max(100, '选项值最多100个字符'),
  label: z.string().trim().min(1, '请输入选项名称').max(100, '选项名称最多100个字符'),
});
export type ParameterChoice = z.infer<typeof parameterChoiceSchema>;

export const parameterChoicesSchema = z
  .array(parameterChoiceSchema)
  .max(100, '选项最多100个')
  .refine((choices) => new Set(choices.map((c) => c.value)).size === choices.length, '选项值重复');

/** What is wrong with `value` as a value of the type, or null when it fits. */
export const parameterValueProblem = (
  type: ParameterType,
  value: string,
  choices: readonly ParameterChoice[] = [],
): string | null => {
  if (value.length > PARAMETER_VALUE_MAX_LENGTH) return `参数值最多${PARAMETER_VALUE_MAX_LENGTH}个字符`;
  switch (type) {
    case 'number':
      return value.trim() === value && value !== '' && Number.isFinite(Number(value)) ? null : '请输入数字';
    case 'boolean':
      return value === 'true' || value === 'false' ? null : '布尔值只能是 true 或 false';
    case 'choice':
      return choices.some((choice) => choice.value === value) ? null : '请从可选值中选择';
    case 'json':
      try {
        JSON.parse(value);
        return null;
      } catch {
        return '请输入有效的 JSON';
      }
    case 'secret':
      return value === '' ? '请输入密文值' : null;
    default:
      return null;
  }
};

/** A secret is never shown: pages show this in its place. */
export const SECRET_MASK = '******';
