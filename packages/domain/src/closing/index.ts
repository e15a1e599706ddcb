export * from './closing.rules.js';
export * from './closing.messages.js';
export * from './closing.contract.js';
