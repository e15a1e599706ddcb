export * from './age-bands.contract.js';
