import fs from 'node:fs';
import path from 'node:path';
import { type DefinitionNode, type DocumentNode, type FragmentDefinitionNode, Kind, parse } from 'graphql';
import { serverRoot } from '../../paths.ts';

/**
 * The web app's own report fragments (`features/reports/document/reportDocument.graphql`, with the
 * `SeriesLimitScale` of `features/live/live.graphql` they use), read from its files once, so that the print page is
 * asked for exactly what the editor and the public page draw.
 */
const webFeatures = path.join(serverRoot, '..', 'web', 'src', 'features');

function fragmentsOf(file: string, names?: readonly string[]): FragmentDefinitionNode[] {
  const document = parse(fs.readFileSync(path.join(webFeatures, file), 'utf8'));
  return document.definitions.filter(
    (definition): definition is FragmentDefinitionNode =>
      definition.kind === Kind.FRAGMENT_DEFINITION && (!names || names.includes(definition.name.value)),
  );
}

const reportFragments: DefinitionNode[] = [
  ...fragmentsOf(path.join('live', 'live.graphql'), ['SeriesLimitScale']),
  ...fragmentsOf(path.join('reports', 'document', 'reportDocument.graphql')),
];

function withFragments(operation: string): DocumentNode {
  return { kind: Kind.DOCUMENT, definitions: [...parse(operation).definitions, ...reportFragments] };
}

export const printReportQuery = withFragments('query PrintReport($id: Int!) { report(id: $id) { ...ReportFields } }');

export const printPublicReportQuery = withFragments(
  'query PrintPublicReport($publicId: String!) { publicReport(publicId: $publicId) { ...PublicReportFields } }',
);
