export * from './access.js';
export * from './people.js';
export * from './mail.js';
export * from './credentials.js';
export * from './jobs.js';
export * from './registries.js';
export * from './locations.js';
export * from './files.js';
