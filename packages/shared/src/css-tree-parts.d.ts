// css-tree's parser and walker on their own (its package's subpaths; @types/css-tree types only the whole).
declare module 'css-tree/parser' {
  import type { parse } from 'css-tree';
  export default parse;
}
declare module 'css-tree/walker' {
  import type { walk } from 'css-tree';
  export default walk;
}
