// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

// The service is a library that runs in plain Node, the renderer runs in a browser and the contract
// is shared by both: none of them may reach for Electron. Only src-main/index.ts, window.ts, ipc/
// and src-preload/index.ts are Electron adapters.
const noElectron = {
  'no-restricted-imports': [
    'error',
    {
      paths: [{ name: 'electron', message: 'Only the Electron adapters may import electron.' }],
      patterns: [
        { group: ['electron/*'], message: 'Only the Electron adapters may import electron.' },
      ],
    },
  ],
};

export default tseslint.config(
  { ignores: ['out/**', 'out-*/**', 'dist/**', 'node_modules/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src-renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Tests read JSON answers loosely; the assertions are the types there.
    files: ['test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['src-main/service/**', 'src-preload/contract.ts', 'src-renderer/**'],
    rules: noElectron,
  },
  {
    // The store is asynchronous (store/sql-port.ts): a promise nobody awaits is a write that may
    // land outside its transaction, or an error nobody hears. The type checker finds each one.
    files: ['src-main/**/*.ts', 'test/service/**/*.ts', 'test/main/**/*.ts', 'bench/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  prettier,
);
