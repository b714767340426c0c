import js from '@eslint/js';
import globals from 'globals';
import formatjs from 'eslint-plugin-formatjs';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      '.data',
      'server/db/schema.ts',
      'test-results',
      'playwright-report',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      // Types from the nearest tsconfig.json (root, client/, test/e2e/) for the type-aware rules;
      // the two tool configs sit beside a tsconfig that does not include them.
      parserOptions: {
        projectService: {
          allowDefaultProject: ['client/vite.config.ts', 'playwright.config.ts'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  // Plain JavaScript config and scripts are in no tsconfig: no type information to lint with.
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  // The service worker: plain JavaScript in the worker's own global scope.
  {
    files: ['client/service-worker.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  // Test files assert on supertest's res.body, Playwright's json() and jest's expect.any(), all
  // typed `any` by those libraries; the helpers in test/helpers stay fully checked.
  {
    files: ['test/**/*.test.ts', 'test/e2e/*.spec.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  // Routes speak HTTP and call services: no SQL, no Kysely, no pg, no repositories in them
  // (types are allowed: a router's deps name the Database it hands to services).
  {
    files: ['server/**/*.routes.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'kysely',
              message: 'Routes write no SQL: call a service.',
              allowTypeImports: true,
            },
            {
              name: 'pg',
              message: 'Routes do not talk to the database: call a service.',
              allowTypeImports: true,
            },
          ],
          patterns: [
            {
              group: ['**/*.repository.js', '**/*.repository'],
              message: 'Routes call services; only services use repositories.',
              allowTypeImports: true,
            },
            {
              group: ['**/db/database.js', '**/db/database'],
              message: 'Routes only pass the database on to services (type imports only).',
              allowTypeImports: true,
            },
          ],
        },
      ],
      // Queries through a Database handed in as a dependency are SQL too.
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|selectNoFrom|transaction|query)$/]',
          message: 'Routes write no SQL: move it into a repository and call a service.',
        },
        {
          selector: "TaggedTemplateExpression[tag.name='sql']",
          message: 'Routes write no SQL: move it into a repository and call a service.',
        },
      ],
    },
  },
  // Layers (server): only *.repository.ts files hold Kysely or SQL, and a repository never reaches
  // up into the code that uses it. Route files are covered by their own block; server/db is the
  // infrastructure under every layer (pool, Kysely instance, migrator, embedded PostgreSQL,
  // held connections, pg-boss's transaction adapter) and is exempt.
  {
    files: ['server/**/*.ts'],
    ignores: ['server/**/*.repository.ts', 'server/**/*.routes.ts', 'server/db/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'kysely',
              allowTypeImports: true,
              message:
                'Queries (the sql tag included) belong in a *.repository.ts file; import only types from kysely here.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|executeQuery)$/]',
          message:
            'Queries belong in a *.repository.ts file: call a repository function (services may open a transaction and pass it on).',
        },
      ],
    },
  },
  {
    files: ['server/**/*.repository.ts'],
    rules: {
      // The core rule: it sees type imports too, so not even a type comes from above.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/*.service.js', '**/*.routes.js', '**/jobs/*', 'express', 'pg-boss'],
              message:
                'A repository does not depend on the services, routes or jobs that use it: pass plain values in.',
            },
          ],
        },
      ],
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // Anything but kysely, node:*, server/db, common/ and *.repository.js files.
              regex:
                '^(?!kysely$|node:|(\\.\\.?/)+(db/|common/|([\\w-]+/)?[\\w.-]+\\.repository\\.js$))',
              allowTypeImports: true,
              message:
                'A repository imports values only from kysely, server/db, common/ and other repositories (types may come from anywhere else).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // Accessibility of the SPA's markup: jsx-a11y's recommended rules.
  {
    files: ['client/**/*.tsx'],
    ...jsxA11y.configs.recommended,
  },
  // Every screen's texts come from the catalogues (common/i18n): a word written in its JSX, as text
  // or as a label, placeholder, title or ARIA text, is an error (CONTRIBUTING.md, "Texts").
  {
    files: ['client/src/**/*.tsx'],
    plugins: { formatjs },
    rules: {
      'formatjs/no-literal-string-in-jsx': [
        'error',
        { props: { include: [['*', '{label,placeholder,title,alt,aria-roledescription}']] } },
      ],
    },
  },
);
