export * from './health-declaration.contract.js';
