export * from './open-balance.messages.js';
export * from './open-balance.schema.js';
export * from './open-balance.contract.js';
