/** The data API's answers now live in the shared package, with the server that writes them. */
export * from '@olo/shared/data-body';
