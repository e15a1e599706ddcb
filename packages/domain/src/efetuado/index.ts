export * from './efetuado.messages.js';
export * from './efetuado.schema.js';
export * from './efetuado.contract.js';
