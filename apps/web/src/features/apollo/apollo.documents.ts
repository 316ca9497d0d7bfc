import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '@apollo/client';

export type ReportBugMutation = { reportBug: boolean };
export type ReportBugMutationVariables = { message: string; url?: string | null; data?: unknown };
export const ReportBugDocument: TypedDocumentNode<ReportBugMutation, ReportBugMutationVariables> = gql`
  mutation ReportBug($message: String!, $url: String, $data: JSON) {
    reportBug(message: $message, url: $url, data: $data)
  }
`;
