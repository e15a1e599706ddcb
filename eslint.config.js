// One lint configuration for the whole monorepo (issue 10 §6), run by `npm test` (`npm run lint`).
// typescript-eslint's recommended rules, two typed rules (a promise nobody awaits or hands to a callback that
// ignores it is an unhandled rejection waiting to happen: issue 23 item 8), React hook rules and jsx-a11y for the web.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.tsbuild/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'e2e/.auth/**',
      'apps/api/src/db/migrations/**',
      'data/**',
      '.data*/**',
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
    // Typed rules only: the type-aware pass reads each workspace's tsconfig once (projectService).
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts', 'e2e/**/*.ts'],
    ignores: [
      'apps/web/vite.config.ts',
      'apps/web/build/**',
      'apps/web/vitest.config.ts',
      'packages/domain/vitest.config.ts',
      'e2e/playwright.config.ts',
    ],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // Event handlers may be async (React's onClick, Node's emitters): their rejections are handled inside.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  { files: ['apps/web/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    files: ['apps/web/**/*.tsx'],
    rules: {
      // `role` on our own components (RoleGate) names an app role, not an ARIA one; DOM elements are still checked.
      'jsx-a11y/aria-role': ['error', { ignoreNonDOM: true }],
    },
  },
  {
    // Mantine's Loader is a bare <span>: a name on it without a role is prohibited ARIA. BusyIndicator gives it one.
    files: ['apps/web/**/*.tsx'],
    ignores: ['apps/web/src/modules/ui/components/BusyIndicator.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@mantine/core', importNames: ['Loader'], message: 'Use BusyIndicator (modules/ui/components/BusyIndicator).' }] },
      ],
    },
  },
  {
    // The sign-in and password forms are the whole page: the first field takes the focus, as users of a
    // sign-in screen expect (the rule's concern is focus jumping inside a page with other content).
    files: ['apps/web/src/modules/auth/components/{LoginForm,ResetForm,CpfInput}.tsx'],
    rules: { 'jsx-a11y/no-autofocus': 'off' },
  },
);
