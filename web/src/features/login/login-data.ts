import type { LoginData } from '@uniwim/contracts/client';
import { utf8ToBase64 } from '../../lib/base64';

/**
 * POST /dmp/login sends one field, data: base64 of the UTF-8 JSON of the login data. Absent
 * optional fields are left out of the JSON.
 */
export const encodeLoginData = (data: LoginData): string => utf8ToBase64(JSON.stringify(data));
