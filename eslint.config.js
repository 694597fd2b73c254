// ESLint for the browser code (shell, remotes, plugins' web parts), run by `make lint`:
// typescript-eslint's recommended rules without type information, so a run stays quick, and
// the two classic React hooks rules, hooks called unconditionally and effect dependencies
// complete, both as errors. A name starting with "_", or a property left out of a rest
// spread, is unused on purpose.
const js = require("@eslint/js");
const reactHooks = require("eslint-plugin-react-hooks");
const tseslint = require("typescript-eslint");

module.exports = tseslint.config(
  {
    ignores: ["**/dist/**", "**/node_modules/**"],
  },
  {
    files: ["shell/**/*.{ts,tsx}", "remotes/**/*.{ts,tsx}", "plugins/**/*.{ts,tsx}"],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    plugins: { "react-hooks": reactHooks },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true },
      ],
    },
  },
);
