import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * Imports run one way (ARCHITECTURE.md): `client` → `sync`, `schema`; `worker` → `sync`, `schema`.
 * What client and server share (`schema/`, `sync/`) never imports the server, and the client never
 * imports the server either: a wrong arrow fails `npm run lint`.
 */
const noServerImports = (message) => ({
  'no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)worker(/|$)', message }] }],
});

export default tseslint.config(
  { ignores: ['node_modules', 'dist', '.wrangler', 'data', 'migrations', 'test-results', 'tests/e2e/screenshots'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['schema/**/*.ts', 'sync/**/*.ts'],
    rules: noServerImports('schema/ and sync/ are shared with the client: they must not import worker/ (move the server half under worker/).'),
  },
  {
    files: ['client/**/*.ts', 'client/**/*.tsx'],
    rules: noServerImports('The client must not import worker/: share through schema/ or sync/.'),
  },
);
