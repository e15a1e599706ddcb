export * from './closing.rules.js';
