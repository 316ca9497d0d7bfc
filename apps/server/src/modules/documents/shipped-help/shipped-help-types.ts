/** One shipped help document in one language; `key` names it across languages and is also its path. */
export interface ShippedHelp {
  key: string;
  name: string;
  content: string;
}
