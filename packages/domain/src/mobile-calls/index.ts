export * from './mobile-calls.contract.js';
