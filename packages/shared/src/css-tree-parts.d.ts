// css-tree's parser and walker on their own (its package's subpaths; @types/css-tree types only the whole).
declare module 'css-tree/parser' {
  const parse: typeof import('css-tree').parse;
  export default parse;
}
declare module 'css-tree/walker' {
  const walk: typeof import('css-tree').walk;
  export default walk;
}
