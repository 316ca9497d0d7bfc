import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '@apollo/client';
import type { Language } from '@olo/shared';

// Hand-written stand-ins for GraphQL Codegen output: names and shapes follow its conventions
// (`<Operation>Document`, `<Operation>Query|Mutation|Subscription`, `...Variables`) so that switching is an import change.

export interface UserEmailFields {
  __typename?: 'UserEmail';
  id: string;
  email: string;
  isVerified: boolean;
  isPrimary: boolean;
  createdAt: string;
}

export interface UserAuthenticationFields {
  __typename?: 'UserAuthentication';
  id: string;
  service: string;
  identifier: string;
  createdAt: string;
}

export interface CurrentUserFields {
  __typename?: 'User';
  id: string;
  username: string;
  name: string | null;
  company: string | null;
  avatarUrl: string | null;
  isAdmin: boolean;
  isVerified: boolean;
  hasPassword: boolean;
  language: Language;
  createdAt: string;
  notifyOnMeterError: boolean;
  emails: UserEmailFields[];
  authentications: UserAuthenticationFields[];
  options: { __typename?: 'UserOptions'; ui: Record<string, unknown> };
}

export const CurrentUserFieldsFragment = gql`
  fragment CurrentUserFields on User {
    id
    username
    name
    company
    avatarUrl
    isAdmin
    isVerified
    hasPassword
    language
    createdAt
    notifyOnMeterError
    emails {
      id
      email
      isVerified
      isPrimary
      createdAt
    }
    authentications {
      id
      service
      identifier
      createdAt
    }
    options {
      ui
    }
  }
`;

export type CurrentUserQuery = { currentUser: CurrentUserFields | null };
export type CurrentUserQueryVariables = Record<string, never>;
export const CurrentUserDocument: TypedDocumentNode<CurrentUserQuery, CurrentUserQueryVariables> = gql`
  query CurrentUser {
    currentUser {
      ...CurrentUserFields
    }
  }
  ${CurrentUserFieldsFragment}
`;

export type CurrentUserUpdatedSubscription = { currentUserUpdated: CurrentUserFields | null };
export type CurrentUserUpdatedSubscriptionVariables = Record<string, never>;
export const CurrentUserUpdatedDocument: TypedDocumentNode<
  CurrentUserUpdatedSubscription,
  CurrentUserUpdatedSubscriptionVariables
> = gql`
  subscription CurrentUserUpdated {
    currentUserUpdated {
      ...CurrentUserFields
    }
  }
  ${CurrentUserFieldsFragment}
`;

export type LoginMutation = { login: CurrentUserFields };
export type LoginMutationVariables = { username: string; password: string };
export const LoginDocument: TypedDocumentNode<LoginMutation, LoginMutationVariables> = gql`
  mutation Login($username: String!, $password: String!) {
    login(username: $username, password: $password) {
      ...CurrentUserFields
    }
  }
  ${CurrentUserFieldsFragment}
`;

export type LogoutMutation = { logout: boolean };
export type LogoutMutationVariables = Record<string, never>;
export const LogoutDocument: TypedDocumentNode<LogoutMutation, LogoutMutationVariables> = gql`
  mutation Logout {
    logout
  }
`;

export type RegisterMutation = { register: CurrentUserFields };
export type RegisterMutationVariables = {
  username: string;
  password: string;
  email: string;
  name?: string | null;
  company?: string | null;
  language?: Language | null;
};
export const RegisterDocument: TypedDocumentNode<RegisterMutation, RegisterMutationVariables> = gql`
  mutation Register(
    $username: String!
    $password: String!
    $email: String!
    $name: String
    $company: String
    $language: Language
  ) {
    register(
      username: $username
      password: $password
      email: $email
      name: $name
      company: $company
      language: $language
    ) {
      ...CurrentUserFields
    }
  }
  ${CurrentUserFieldsFragment}
`;

export type ForgotPasswordMutation = { forgotPassword: boolean };
export type ForgotPasswordMutationVariables = { email: string };
export const ForgotPasswordDocument: TypedDocumentNode<ForgotPasswordMutation, ForgotPasswordMutationVariables> = gql`
  mutation ForgotPassword($email: String!) {
    forgotPassword(email: $email)
  }
`;

export type ResetPasswordMutation = { resetPassword: { __typename?: 'User'; id: string } };
export type ResetPasswordMutationVariables = { userId: string; token: string; password: string };
export const ResetPasswordDocument: TypedDocumentNode<ResetPasswordMutation, ResetPasswordMutationVariables> = gql`
  mutation ResetPassword($userId: ID!, $token: String!, $password: String!) {
    resetPassword(userId: $userId, token: $token, password: $password) {
      id
    }
  }
`;

export type VerifyEmailMutation = { verifyEmail: boolean };
export type VerifyEmailMutationVariables = { userEmailId: string; token: string };
export const VerifyEmailDocument: TypedDocumentNode<VerifyEmailMutation, VerifyEmailMutationVariables> = gql`
  mutation VerifyEmail($userEmailId: ID!, $token: String!) {
    verifyEmail(userEmailId: $userEmailId, token: $token)
  }
`;
