export * from './access/roles.js';
export * from './access/routes.js';
export * from './access/jobs.js';
export * from './access/menu.js';
export * from './messages.js';
export * from './format.js';
export * from './auth/login.schema.js';
export * from './people/cpf.js';
