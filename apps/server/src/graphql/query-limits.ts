import { costLimitPlugin } from '@escape.tech/graphql-armor-cost-limit';
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth';
import { maxTokensPlugin } from '@escape.tech/graphql-armor-max-tokens';
import { type DocumentNode, GraphQLError, type Token } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { ByteBoundedCache } from '../shared/byte-bounded-cache.ts';

/**
 * Bytes of a POST /graphql body and of a websocket message. The largest input, a report's content
 * of at most 512 K characters as JSON (reportBounds.contentBytesMax), is under 2 MB in UTF-8, so a
 * report over its limit hears "The report is too large" rather than a bare 413 (decision 0107);
 * files travel on POST /api/attachments.
 */
export const graphqlBodyLimitBytes = 2 * 1024 * 1024;
/** Characters of a query document, checked before it is lexed; the web app's longest is about 1,500. */
export const maxDocumentLength = 32 * 1024;
/** Tokens of a query document (comments aside); the web app's largest operation has about 200. */
export const maxQueryTokens = 1000;
/** Deepest selection an operation may have; the web app's deepest query is far below it. */
export const maxQueryDepth = 12;
/** graphql-armor's cost: 2 per object, 1 per scalar, multiplied by depth. */
export const maxQueryCost = 5000;
/** Estimated heap bytes the parsed documents kept for reuse may take; the web app's operations need about 3 MB. */
export const parsedDocumentCacheBytes = 16 * 1024 * 1024;

/** Refuses a document longer than maxDocumentLength before any lexing: comments are no tokens, but cost time and memory. */
function maxDocumentLengthPlugin(): Plugin {
  return {
    onParse({ params }) {
      const length = typeof params.source === 'string' ? params.source.length : params.source.body.length;
      if (length > maxDocumentLength) {
        throw new GraphQLError(
          `Syntax Error: Document length limit of ${maxDocumentLength} exceeded, found ${length}.`,
        );
      }
    },
  };
}

export const queryLimitPlugins = (): Plugin[] => [
  maxDocumentLengthPlugin(),
  maxTokensPlugin({ n: maxQueryTokens, exposeLimits: true }),
  maxDepthPlugin({ n: maxQueryDepth, exposeLimits: true }),
  costLimitPlugin({ maxCost: maxQueryCost, exposeLimits: true }),
];

/** Measured on graphql-js 16: 240–530 bytes a token (nodes, locations, the token itself), comments about 90. */
const bytesPerToken = 600;

/** Heap bytes a parsed document keeps alive: its token chain (comments too) and its source text. */
export function estimatedDocumentBytes(source: string, document: DocumentNode): number {
  let tokens = 0;
  for (let token: Token | null | undefined = document.loc?.startToken; token; token = token.next) tokens++;
  // Without locations the chain is unknown: count a token for every two characters.
  if (!document.loc) tokens = Math.ceil(source.length / 2);
  return tokens * bytesPerToken + source.length * 2;
}

/**
 * Yoga's parse and validation caches, bounded in bytes rather than in entries (Yoga keeps 1,024
 * documents of any size for an hour). Validation results hang off the cached documents (a WeakMap),
 * so they go with them. Parse errors are not kept: only broken or hostile clients send them, and
 * each costs at most maxQueryTokens to parse again.
 */
export function boundedParserCache(maxBytes = parsedDocumentCacheBytes) {
  const documents = new ByteBoundedCache<DocumentNode>(maxBytes);
  return {
    documentCache: {
      get: (source: string) => documents.get(source),
      set: (source: string, document: DocumentNode) =>
        documents.set(source, document, estimatedDocumentBytes(source, document)),
    },
    errorCache: { get: () => undefined, set: () => {} },
    validationCache: true,
    /** Estimated bytes the kept documents take. */
    get usedBytes() {
      return documents.usedBytes;
    },
  };
}
