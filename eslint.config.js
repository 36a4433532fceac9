import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * Imports run one way: `client` → `sync`, `schema`; `worker` → `sync`, `schema`. What client and
 * server share (`schema/`, `sync/`) never imports the server, and the client never imports the
 * server either. Inside the server, the sync kit (`worker/sync/`) and the domain (`worker/domain/`)
 * never import the list of areas (`worker/areas/`, which imports every router): they read the
 * composed areas from their deps (`AppDeps.areas`). A wrong arrow fails `npm run lint`.
 */
const noServerImports = (message) => ({
  'no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)worker(/|$)', message }] }],
});
/** `worker/areas` however it is reached: `../areas`, `../../areas/x`, `…/worker/areas` (not the shared `sync/areas`). */
const noAreaListImports = (message) => ({
  'no-restricted-imports': ['error', { patterns: [{ regex: '^(\\.\\./)+areas(/|$)|(^|/)worker/areas(/|$)', message }] }],
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
  {
    files: ['worker/sync/**/*.ts', 'worker/domain/**/*.ts'],
    rules: noAreaListImports('worker/sync and worker/domain must not import worker/areas: read the composed areas from deps (deps.areas, worker/kit/server-area.ts).'),
  },
);
