// Handlebars' own build without lib/index.js, which registers a `.handlebars` file loader on
// require.extensions (templates must never reach the file system). Same API and types.
declare module 'handlebars/dist/cjs/handlebars.js' {
  import Handlebars from 'handlebars';
  export default Handlebars;
}

// Handlebars' parser alone (no compiler), for checking templates when a config is validated.
declare module 'handlebars/dist/cjs/handlebars/compiler/base.js' {
  export function parse(input: string): hbs.AST.Program;
  export const parser: { lexer?: { yylloc?: { first_line?: number; first_column?: number } } };
}
