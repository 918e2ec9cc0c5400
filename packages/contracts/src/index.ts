export * from './config-encoding';
export * from './envelope';
export * from './errors';
export * from './login-config';
export * from './payloads';
