import { OauthRefusal } from './service';

/** RFC 6749 appendix B: '+' is a space, then percent-decoding. */
const formDecode = (text: string): string => decodeURIComponent(text.replace(/\+/g, ' '));

/**
 * RFC 6749 section 2.3.1: `Basic base64(form-encoded id ":" form-encoded secret)`. Undefined without a
 * Basic header; null when it is there but cannot be read. The scheme is case-insensitive (RFC 7235).
 */
const basicCredentials = (header: string | undefined) => {
  if (!header || !/^\s*basic\s/i.test(header)) return undefined;
  try {
    const decoded = Buffer.from(header.trim().slice(6).trim(), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return null;
    return {
      clientId: formDecode(decoded.slice(0, colon)),
      clientSecret: formDecode(decoded.slice(colon + 1)),
    };
  } catch {
    return null;
  }
};

/**
 * The client's id and secret at the token, introspection and revocation endpoints, as RFC 6749
 * section 2.3.1 allows them: HTTP Basic (client_secret_basic) or client_id and client_secret in the
 * form (client_secret_post), not both. Either may be missing here: the caller refuses that after its
 * own checks, so a token request without a grant type still says so first.
 */
export const clientCredentialsOf = (
  authorization: string | undefined,
  body: { client_id?: string | undefined; client_secret?: string | undefined },
): { clientId: string | undefined; clientSecret: string | undefined } => {
  const basic = basicCredentials(authorization);
  if (basic === null) {
    throw new OauthRefusal(
      'invalid_client',
      401,
      'The Basic credentials cannot be read',
      '无法读取 Basic 认证信息',
    );
  }
  if (basic && body.client_secret !== undefined) {
    throw new OauthRefusal(
      'invalid_request',
      400,
      'Use one client authentication method: HTTP Basic or the form parameters',
      '客户端认证只能使用一种方式（Basic 或请求参数）',
    );
  }
  if (basic && body.client_id !== undefined && body.client_id !== basic.clientId) {
    throw new OauthRefusal(
      'invalid_request',
      400,
      'client_id differs from the Basic credentials',
      'client_id 与 Basic 认证信息不一致',
    );
  }
  return {
    clientId: basic?.clientId ?? body.client_id,
    clientSecret: basic?.clientSecret ?? body.client_secret,
  };
};

/** The client authentication methods the three endpoints accept (RFC 8414 *_auth_methods_supported). */
export const CLIENT_AUTH_METHODS = ['client_secret_basic', 'client_secret_post'];
