/** API and unit tests: jest + @swc/jest against a real PostgreSQL (see test/setup). */
const swcOptions = (parser) => ({
  jsc: { parser, transform: { react: { runtime: 'automatic' } }, target: 'es2022' },
  module: { type: 'commonjs' },
});

export default {
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/test/e2e/'],
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': ['@swc/jest', swcOptions({ syntax: 'typescript', importAttributes: true })],
    // The server-rendering tests render the app's own components (test/helpers/render.ts).
    '^.+\\.tsx$': ['@swc/jest', swcOptions({ syntax: 'typescript', tsx: true })],
    // formatjs ships ES modules only; jest runs CommonJS.
    '^.+\\.js$': ['@swc/jest', swcOptions({ syntax: 'ecmascript' })],
  },
  transformIgnorePatterns: ['/node_modules/(?!(react-intl|@formatjs|intl-messageformat)/)'],
  // Source files import './x.js' (ESM style); jest resolves them to the .ts files.
  // Stylesheets the components import are Vite's business: nothing to render on the server.
  moduleNameMapper: {
    '\\.css$': '<rootDir>/test/helpers/no-style.cjs',
    // The client's import aliases (client/tsconfig.json).
    '^@/(.*)$': '<rootDir>/client/src/$1',
    '^@common/(.*)$': '<rootDir>/common/$1',
    // The build's parsed catalogues (client/vite.config.ts); formatjs parses the JSON itself here.
    '^virtual:catalogue/(.*)$': '<rootDir>/common/i18n/$1.json',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  globalSetup: '<rootDir>/test/setup/global-setup.mjs',
  globalTeardown: '<rootDir>/test/setup/global-teardown.mjs',
  maxWorkers: 2,
  testTimeout: 30000,
};
