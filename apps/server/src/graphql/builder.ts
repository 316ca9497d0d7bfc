import SchemaBuilder from '@pothos/core';
import { GraphQLError, GraphQLScalarType, Kind, type ValueNode } from 'graphql';
import type { GraphQLContext } from './context.ts';

export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  DefaultFieldNullability: false;
  Scalars: {
    DateTime: { Input: Date; Output: Date };
    JSON: { Input: unknown; Output: unknown };
    ID: { Input: string; Output: string };
  };
}>({ defaultFieldNullability: false });

builder.queryType({});
builder.mutationType({});
builder.subscriptionType({});

builder.addScalarType(
  'DateTime',
  new GraphQLScalarType<Date, string>({
    name: 'DateTime',
    description: 'An ISO 8601 time with zone, e.g. 2026-11-21T12:00:00.000Z.',
    serialize: (value) => (value instanceof Date ? value : new Date(String(value))).toISOString(),
    parseValue: (value) => {
      const date = new Date(String(value));
      if (typeof value !== 'string' || Number.isNaN(date.getTime())) throw new GraphQLError('Invalid date');
      return date;
    },
    parseLiteral: (ast) => {
      if (ast.kind !== Kind.STRING || Number.isNaN(Date.parse(ast.value))) throw new GraphQLError('Invalid date');
      return new Date(ast.value);
    },
  }),
);

function literalValue(ast: ValueNode, variables?: Record<string, unknown> | null): unknown {
  switch (ast.kind) {
    case Kind.STRING:
    case Kind.BOOLEAN:
      return ast.value;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(ast.value);
    case Kind.NULL:
      return null;
    case Kind.LIST:
      return ast.values.map((value) => literalValue(value, variables));
    case Kind.OBJECT:
      return Object.fromEntries(ast.fields.map((field) => [field.name.value, literalValue(field.value, variables)]));
    case Kind.VARIABLE:
      return variables?.[ast.name.value];
    default:
      return undefined;
  }
}

builder.addScalarType(
  'JSON',
  new GraphQLScalarType({
    name: 'JSON',
    description: 'Any JSON value; each field that takes one bounds its size.',
    serialize: (value) => value,
    parseValue: (value) => value,
    parseLiteral: literalValue,
  }),
);
