/** API and unit tests: jest + @swc/jest against a real PostgreSQL (see test/setup). */
export default {
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/test/e2e/'],
  testEnvironment: 'node',
  transform: {
    '^.+\\.tsx?$': [
      '@swc/jest',
      {
        jsc: { parser: { syntax: 'typescript', importAttributes: true }, target: 'es2022' },
        module: { type: 'commonjs' },
      },
    ],
  },
  // Source files import './x.js' (ESM style); jest resolves them to the .ts files.
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  globalSetup: '<rootDir>/test/setup/global-setup.mjs',
  globalTeardown: '<rootDir>/test/setup/global-teardown.mjs',
  maxWorkers: 2,
  testTimeout: 30000,
};
