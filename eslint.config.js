// One lint configuration for the whole monorepo (issue 10 §6), run by `npm test` (`npm run lint`).
// Syntax-level typescript-eslint rules (no type information: a typed lint of the whole tree would cost more
// than the typecheck it repeats), React hook rules and jsx-a11y for the web.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**', '**/node_modules/**', '**/.tsbuild/**', 'e2e/test-results/**', 'e2e/playwright-report/**', 'e2e/.auth/**',
      'apps/api/src/db/migrations/**', 'data/**', '.data*/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{js,mjs,ts,tsx}'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  { files: ['apps/web/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
);
