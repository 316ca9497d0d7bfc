import type { Plugin } from 'vite';

const generatedFile = /[\\/]src[\\/]graphql[\\/]generated\.ts$/;
const documentLine = /^export const (\w+) = (\{.*\}) as unknown as DocumentNode<.*>;$/;
const prefix = 'virtual:olo-graphql-document/';

/**
 * Gives each GraphQL document of src/graphql/generated.ts a module of its own in the build, so that a chunk carries
 * only the documents its screens use. As one module, the 185 documents (320 KB minified) all went into the first
 * page's JavaScript, because the shell uses one of them (decision 0164). The source file and its types stay as they
 * are; only the build sees the split.
 */
export function splitGraphqlDocuments(): Plugin {
  const documents = new Map<string, string>();
  return {
    name: 'olo-split-graphql-documents',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!generatedFile.test(id)) return null;
      const lines = code.split('\n').map((line) => {
        const match = documentLine.exec(line);
        if (!match?.[1] || !match[2]) return line;
        documents.set(match[1], match[2]);
        return `export { ${match[1]} } from '${prefix}${match[1]}';`;
      });
      return { code: lines.join('\n'), map: null };
    },
    resolveId(source) {
      return source.startsWith(prefix) ? `\0${source}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${prefix}`)) return null;
      const name = id.slice(prefix.length + 1);
      const document = documents.get(name);
      if (document === undefined) throw new Error(`no GraphQL document ${name} in src/graphql/generated.ts`);
      return `export const ${name} = ${document};`;
    },
  };
}
