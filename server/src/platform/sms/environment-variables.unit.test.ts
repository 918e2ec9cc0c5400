import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SMS_VARIABLES } from './environment-variables';
import { smsEnvSchemas } from './settings';

const readme = readFileSync(path.join(import.meta.dirname, 'README.md'), 'utf8');

describe('the documented SMS variables', () => {
  it('cover every variable the settings read', () => {
    const read = new Set(Object.values(smsEnvSchemas).flatMap((schema) => Object.keys(schema.in.shape)));
    const documented = new Set(SMS_VARIABLES.map((variable) => variable.name));
    for (const name of read) expect(documented, name).toContain(name);
  });

  it.each(SMS_VARIABLES.map((variable) => [variable.name, variable] as const))(
    'appear in the README table with their default (%s)',
    (name, variable) => {
      const row = readme.split('\n').find((line) => line.startsWith(`| \`${name}\` |`));
      expect(row, `README row for ${name}`).toBeDefined();
      if (variable.defaultValue) expect(row).toContain(`\`${variable.defaultValue}\``);
    },
  );
});
