import type { GraphQLSchema } from 'graphql';
import { builder } from './builder.ts';
// Each module registers its types and fields on the builder when imported.
import '../modules/accounts/accounts.graphql.ts';
import '../modules/bug-reports/bug-reports.graphql.ts';

let schema: GraphQLSchema | undefined;

export function buildSchema(): GraphQLSchema {
  schema ??= builder.toSchema({ sortSchema: true });
  return schema;
}
