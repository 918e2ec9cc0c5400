export * from './config-encoding';
export * from './envelope';
export * from './envelope-schema';
export * from './errors';
export * from './login-config';
export * from './login-config-values';
export * from './payloads';
