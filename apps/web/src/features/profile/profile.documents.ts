import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '@apollo/client';
import type { Language } from '@olo/shared';
import { type CurrentUserFields, CurrentUserFieldsFragment, type UserEmailFields } from '../auth/auth.documents.ts';

// Hand-written stand-ins for GraphQL Codegen output; see auth.documents.ts.

const UserEmailFieldsFragment = gql`
  fragment UserEmailFields on UserEmail {
    id
    email
    isVerified
    isPrimary
    createdAt
  }
`;

export type ChangePasswordMutation = { changePassword: CurrentUserFields };
export type ChangePasswordMutationVariables = { oldPassword: string; newPassword: string };
export const ChangePasswordDocument: TypedDocumentNode<ChangePasswordMutation, ChangePasswordMutationVariables> = gql`
  mutation ChangePassword($oldPassword: String!, $newPassword: String!) {
    changePassword(oldPassword: $oldPassword, newPassword: $newPassword) {
      ...CurrentUserFields
    }
  }
  ${CurrentUserFieldsFragment}
`;

export type UpdateUserMutation = { updateUser: CurrentUserFields };
export type UpdateUserMutationVariables = {
  name?: string | null;
  company?: string | null;
  language?: Language | null;
  notifyOnMeterError?: boolean | null;
};
export const UpdateUserDocument: TypedDocumentNode<UpdateUserMutation, UpdateUserMutationVariables> = gql`
  mutation UpdateUser($name: String, $company: String, $language: Language, $notifyOnMeterError: Boolean) {
    updateUser(name: $name, company: $company, language: $language, notifyOnMeterError: $notifyOnMeterError) {
      ...CurrentUserFields
    }
  }
  ${CurrentUserFieldsFragment}
`;

export type UpdateUserOptionsMutation = { updateUserOptions: CurrentUserFields };
export type UpdateUserOptionsMutationVariables = { options: { ui?: Record<string, unknown> } };
export const UpdateUserOptionsDocument: TypedDocumentNode<
  UpdateUserOptionsMutation,
  UpdateUserOptionsMutationVariables
> = gql`
  mutation UpdateUserOptions($options: UserOptionsInput!) {
    updateUserOptions(options: $options) {
      ...CurrentUserFields
    }
  }
  ${CurrentUserFieldsFragment}
`;

export type AddEmailMutation = { addEmail: UserEmailFields[] };
export type AddEmailMutationVariables = { email: string };
export const AddEmailDocument: TypedDocumentNode<AddEmailMutation, AddEmailMutationVariables> = gql`
  mutation AddEmail($email: String!) {
    addEmail(email: $email) {
      ...UserEmailFields
    }
  }
  ${UserEmailFieldsFragment}
`;

export type MakeEmailPrimaryMutation = { makeEmailPrimary: UserEmailFields[] };
export type MakeEmailPrimaryMutationVariables = { userEmailId: string };
export const MakeEmailPrimaryDocument: TypedDocumentNode<MakeEmailPrimaryMutation, MakeEmailPrimaryMutationVariables> =
  gql`
    mutation MakeEmailPrimary($userEmailId: ID!) {
      makeEmailPrimary(userEmailId: $userEmailId) {
        ...UserEmailFields
      }
    }
    ${UserEmailFieldsFragment}
  `;

export type DeleteUserEmailMutation = { deleteUserEmail: UserEmailFields[] };
export type DeleteUserEmailMutationVariables = { userEmailId: string };
export const DeleteUserEmailDocument: TypedDocumentNode<DeleteUserEmailMutation, DeleteUserEmailMutationVariables> =
  gql`
  mutation DeleteUserEmail($userEmailId: ID!) {
    deleteUserEmail(userEmailId: $userEmailId) {
      ...UserEmailFields
    }
  }
  ${UserEmailFieldsFragment}
`;

export type ResendEmailVerificationMutation = { resendEmailVerification: boolean };
export type ResendEmailVerificationMutationVariables = Record<string, never>;
export const ResendEmailVerificationDocument: TypedDocumentNode<
  ResendEmailVerificationMutation,
  ResendEmailVerificationMutationVariables
> = gql`
  mutation ResendEmailVerification {
    resendEmailVerification
  }
`;

export type UnlinkAuthenticationMutation = { unlinkAuthentication: CurrentUserFields };
export type UnlinkAuthenticationMutationVariables = { authenticationId: string };
export const UnlinkAuthenticationDocument: TypedDocumentNode<
  UnlinkAuthenticationMutation,
  UnlinkAuthenticationMutationVariables
> = gql`
  mutation UnlinkAuthentication($authenticationId: ID!) {
    unlinkAuthentication(authenticationId: $authenticationId) {
      ...CurrentUserFields
    }
  }
  ${CurrentUserFieldsFragment}
`;

export type RequestAccountDeletionMutation = { requestAccountDeletion: boolean };
export type RequestAccountDeletionMutationVariables = Record<string, never>;
export const RequestAccountDeletionDocument: TypedDocumentNode<
  RequestAccountDeletionMutation,
  RequestAccountDeletionMutationVariables
> = gql`
  mutation RequestAccountDeletion {
    requestAccountDeletion
  }
`;

export type ConfirmAccountDeletionMutation = { confirmAccountDeletion: boolean };
export type ConfirmAccountDeletionMutationVariables = { token: string };
export const ConfirmAccountDeletionDocument: TypedDocumentNode<
  ConfirmAccountDeletionMutation,
  ConfirmAccountDeletionMutationVariables
> = gql`
  mutation ConfirmAccountDeletion($token: String!) {
    confirmAccountDeletion(token: $token)
  }
`;

/** Writes a returned email list into the user's cached emails (the mutations answer the list, not the user). */
export const UserEmailsFragment: TypedDocumentNode<{ emails: UserEmailFields[] }> = gql`
  fragment UserEmails on User {
    emails {
      ...UserEmailFields
    }
  }
  ${UserEmailFieldsFragment}
`;
