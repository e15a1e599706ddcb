export * from './access.js';
export * from './people.js';
