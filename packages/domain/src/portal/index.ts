export * from './portal.messages.js';
export * from './portal.schema.js';
export * from './portal.contract.js';
