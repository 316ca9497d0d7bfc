import { accountErrors } from '@olo/shared';
import { BREAK, type DocumentNode, GraphQLError, visit } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { GraphQLContext } from './context.ts';

/** The meta fields that answer the schema itself; `__typename` answers only an object's type and stays open. */
const schemaFields = new Set(['__schema', '__type']);

/** Documents are kept by the parse cache, so a document is walked once however often it runs. */
const readsSchemaOf = new WeakMap<DocumentNode, boolean>();

/** Whether any operation or fragment of the document asks for `__schema` or `__type`. */
export function readsSchema(document: DocumentNode): boolean {
  let reads = readsSchemaOf.get(document);
  if (reads === undefined) {
    reads = false;
    visit(document, {
      Field(node) {
        if (!schemaFields.has(node.name.value)) return undefined;
        reads = true;
        return BREAK;
      },
    });
    readsSchemaOf.set(document, reads);
  }
  return reads;
}

/**
 * Introspection only for signed-in users (decision 0146): the whole schema is no business of an
 * anonymous caller, who gets "Not signed in" before anything runs. Checked at execution rather than
 * validation because validation results are cached per document, not per viewer; websocket
 * operations run through the same hook.
 */
export function signedInIntrospectionPlugin(): Plugin {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const context = args.contextValue as Partial<GraphQLContext>;
      if (context.session || !readsSchema(args.document)) return;
      setResultAndStopExecution({
        errors: [new GraphQLError(accountErrors.notSignedIn, { extensions: { code: 'UNAUTHENTICATED' } })],
      });
    },
  };
}
