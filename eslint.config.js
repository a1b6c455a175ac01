// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', '.tools/', '.bench/', 'coverage/'] },
  js.configs.recommended,
  // Type-aware rules: a promise nobody awaits, an async callback where a void one is expected
  // or a switch that misses a case are bugs the compiler alone does not catch. They need the
  // types of the TypeScript project, so they apply to its .ts files; the .mjs/.js scripts are
  // not in tsconfig.json and keep the syntax-only rules.
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.mts'],
    extends: [tseslint.configs.recommendedTypeCheckedOnly],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // A switch with no default must name every member of its union; a default is the
      // deliberate answer for the rest (an error code from Node, a route the simulator does
      // not serve there).
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
      // Rejecting with an abort signal's reason passes on what the aborter gave (typed `any`),
      // as only-throw-error allows rethrowing an `any` or `unknown`.
      '@typescript-eslint/prefer-promise-reject-errors': [
        'error',
        { allowThrowingAny: true, allowThrowingUnknown: true },
      ],
    },
  },
  {
    files: ['test/**/*.ts'],
    rules: {
      // vitest types its asymmetric matchers (expect.stringMatching, expect.any) as `any`, so each
      // `toEqual({ id: expect.stringMatching(...) })` would count as an unsafe assignment.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      // A stand-in for an async interface is plainest as `async () => value`.
      '@typescript-eslint/require-await': 'off',
      // Tests read manifests and rendered output parsed from YAML (typed `any` by the parser) and
      // assert on the fields they reach; a wrong shape fails the assertion, which is the check.
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        Buffer: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      // Control characters are matched on purpose, to refuse or show them.
      'no-control-regex': 'off',
    },
  },
);
