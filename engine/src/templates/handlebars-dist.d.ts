// Handlebars' own build without lib/index.js, which registers a `.handlebars` file loader on
// require.extensions (templates must never reach the file system). Same API and types.
declare module 'handlebars/dist/cjs/handlebars.js' {
  import Handlebars from 'handlebars';
  export default Handlebars;
}
