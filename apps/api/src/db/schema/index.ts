export * from './conversations';
export * from './login-attempts';
export * from './messages';
export * from './sessions';
export * from './socket-io';
export * from './users';
