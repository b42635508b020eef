import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'build',
      'build-*',
      'data',
      '.react-router',
      'db/migrations',
      'outbox',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      // Small modules: a file past 500 lines does more than one thing; split it by what it does.
      'max-lines': ['error', { max: 500 }],
    },
  },
  {
    files: ['domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['#server/*', '#db/*', '#app/*', 'fastify', 'react', 'drizzle-orm*'] },
      ],
    },
  },
  {
    // The storefront and back office share types with the server through domain/ only.
    files: ['app/**/*.ts', 'app/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['#server/*', '#db/*', '**/server/**', '**/db/**', 'fastify', 'drizzle-orm*'] },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['#app/*'] }] },
  },
  {
    // A page may still be settling when a test reads it: a value read once can be the one from
    // a moment before (a field about to be reloaded). Browser tests poll what they read instead.
    files: ['tests/e2e/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "CallExpression[callee.name='expect'] > AwaitExpression > CallExpression",
          "CallExpression[callee.name='expect'] > ArrayExpression > AwaitExpression > CallExpression",
        ].map((path) => ({
          selector: `${path}[callee.property.name=/^(inputValue|textContent|innerText|innerHTML|isChecked|isVisible|isHidden|isEnabled|isDisabled|isEditable|getAttribute|count|allInnerTexts|allTextContents|title)$/]`,
          message:
            'Read a page with expect.poll(() => locator.x()): a value read once may be from before the page settled.',
        })),
      ],
    },
  },
  {
    files: [
      'bench/**/*.ts',
      'db/seed/cli.ts',
      'server/cli/**/*.ts',
      'server/server.ts',
      'tests/**/*.ts',
    ],
    rules: { 'no-console': 'off' },
  },
);
