// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import layers from './eslint/importLayers.mjs';

const noVscode = { name: 'vscode', message: 'src/core and webview/ must stay free of the VS Code API.' };

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'out/', '.vscode-test/', 'src/core/schema/generated/', 'examples/', 'bench/data/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'smart'],
      'no-console': 'off',
    },
  },
  {
    files: ['src/**/*.ts', 'webview/**/*.ts'],
    plugins: { layers },
    rules: {
      'layers/import-layers': 'error',
      // docs/architecture.md: small focused functions; none over 100 lines.
      'max-lines-per-function': ['error', { max: 100, skipBlankLines: false, skipComments: false, IIFEs: true }],
    },
  },
  {
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [noVscode], patterns: [{ group: ['**/extension/**', '**/cli/**', '**/webview/**'], message: 'The core depends on nothing above it.' }] }],
    },
  },
  {
    files: ['webview/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [noVscode], patterns: [{ group: ['**/src/extension/**', '**/src/cli/**', 'node:*', 'fs', 'path'], message: 'The webview runs in a browser: no extension code, no Node APIs.' }] }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: { require: 'readonly', module: 'writable', process: 'readonly', __dirname: 'readonly', console: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
