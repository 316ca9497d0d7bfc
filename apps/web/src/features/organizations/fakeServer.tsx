import { ApolloClient, ApolloLink } from '@apollo/client';
import { MantineProvider } from '@mantine/core';
import type { Language } from '@olo/shared';
import { render } from '@testing-library/react';
import {
  buildSchema,
  execute,
  GraphQLError,
  type GraphQLFieldResolver,
  type GraphQLOutputType,
  getNamedType,
  isEnumType,
  isListType,
  isNonNullType,
  isObjectType,
  OperationTypeNode,
} from 'graphql';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Observable } from 'rxjs';
import schemaSource from '../../../../server/schema.graphql?raw';
import { createCache } from '../apollo/client.ts';
import { GraphqlProvider } from '../apollo/GraphqlProvider.tsx';
import { createI18n, storeChosenLanguage } from '../i18n/i18n.ts';
import { Notifications } from '../notifications/Notifications.tsx';
import { routes } from '../../routes.tsx';
import { installDomPolyfills } from '../../testing/renderApp.tsx';

/**
 * Test-only: answers the app's GraphQL operations from the real printed schema, so that a screen can be rendered
 * as a signed-in user would see it. Each root field is a function of its arguments; any field a test leaves out
 * gets a plain default (false, 0, '', [], null), so that tests name only what they are about.
 */
export type FakeResolvers = Record<string, (args: Record<string, unknown>) => unknown>;

export interface FakeOperation {
  name: string;
  variables: Record<string, unknown>;
}

const schema = buildSchema(schemaSource);

/** A refusal as the server words it. */
export function serverError(message: string, code = 'FORBIDDEN'): GraphQLError {
  return new GraphQLError(message, { extensions: { code } });
}

function defaultValue(type: GraphQLOutputType, path: string): unknown {
  if (!isNonNullType(type)) return null;
  const inner = type.ofType;
  if (isListType(inner)) return [];
  if (isObjectType(inner)) return {};
  if (isEnumType(inner)) return inner.getValues()[0]?.value;
  switch (getNamedType(inner).name) {
    case 'Boolean':
      return false;
    case 'Int':
    case 'Float':
      return 0;
    case 'ID':
      return `id:${path}`;
    case 'DateTime':
      return '2026-01-01T00:00:00.000Z';
    case 'JSON':
      return {};
    default:
      return '';
  }
}

const fieldResolver: GraphQLFieldResolver<unknown, unknown> = (source, args, _context, info) => {
  const record = source as Record<string, unknown> | null;
  if (record && info.fieldName in record) {
    const value = record[info.fieldName];
    return typeof value === 'function' ? value(args) : value;
  }
  const path: string[] = [];
  for (let step: typeof info.path | undefined = info.path; step; step = step.prev) path.unshift(String(step.key));
  return defaultValue(info.returnType, path.join('.'));
};

export function signedInUser(overrides: Record<string, unknown> = {}) {
  return {
    id: '00000000-0000-4000-8000-0000000000u1',
    username: 'maija',
    name: 'Maija Meikäläinen',
    language: 'fi',
    isVerified: true,
    hasPassword: true,
    active: true,
    ...overrides,
  };
}

interface RenderOptions {
  path: string;
  language?: Language;
  resolvers: FakeResolvers;
}

/** Renders the real route table at `path` against the fake server, with the toasts of the app. */
export function renderWithFakeServer({ path, language = 'fi', resolvers }: RenderOptions) {
  installDomPolyfills();
  storeChosenLanguage(language);
  const i18n = createI18n(language);
  const operations: FakeOperation[] = [];
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        // Live updates never arrive here: a subscription simply stays open.
        if (operation.operationType === OperationTypeNode.SUBSCRIPTION) return;
        operations.push({ name: operation.operationName ?? '(anonymous)', variables: { ...operation.variables } });
        Promise.resolve(
          execute({
            schema,
            document: operation.query,
            variableValues: operation.variables,
            rootValue: resolvers,
            fieldResolver,
          }),
        ).then(
          (result) => {
            observer.next(result as ApolloLink.Result);
            observer.complete();
          },
          (error: unknown) => observer.error(error),
        );
      }),
  );
  const client = new ApolloClient({ link, cache: createCache() });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <I18nextProvider i18n={i18n}>
      <GraphqlProvider setup={{ client, restartSocket: () => {} }}>
        <MantineProvider>
          <RouterProvider router={router} />
          <Notifications />
        </MantineProvider>
      </GraphqlProvider>
    </I18nextProvider>,
  );
  return { ...view, router, operations, client };
}
