import {
  type MatrixRow,
  organizationAdmins,
  organizationViewers,
  projectAdmins,
  projectViewers,
  signedIn,
  siteAdmins,
} from './roles.ts';

/**
 * Help documents (decision 0184): O's and X's (a disposable one per row) and global ones. Published ones are read by
 * those who see their owner (global: every signed-in user); drafts and changes are their writers'.
 */
export const documentRows: MatrixRow[] = [
  { operation: 'documents', kind: 'query', what: 'a published document of O is listed', allowed: organizationViewers },
  {
    operation: 'documents(project)',
    kind: 'query',
    what: 'a published document of X is listed',
    allowed: projectViewers,
  },
  { operation: 'documents(global)', kind: 'query', what: 'a published global document is listed', allowed: signedIn },
  {
    operation: 'documents(draft)',
    kind: 'query',
    what: 'an unpublished document of O is listed',
    allowed: organizationAdmins,
  },
  { operation: 'document', kind: 'query', what: 'a published document of O by id', allowed: organizationViewers },
  { operation: 'document(project)', kind: 'query', what: 'a published document of X by id', allowed: projectViewers },
  {
    operation: 'document(global draft)',
    kind: 'query',
    what: 'an unpublished global document by id',
    allowed: siteAdmins,
  },
  { operation: 'searchDocuments', kind: 'query', what: 'a published document of X is found', allowed: projectViewers },
  { operation: 'createDocument', kind: 'mutation', what: 'a document of O', allowed: organizationAdmins },
  { operation: 'createDocument(project)', kind: 'mutation', what: 'a document of X', allowed: projectAdmins },
  { operation: 'createDocument(global)', kind: 'mutation', what: 'a global document', allowed: siteAdmins },
  { operation: 'updateDocument', kind: 'mutation', what: 'change a document of O', allowed: organizationAdmins },
  { operation: 'updateDocument(project)', kind: 'mutation', what: 'change a document of X', allowed: projectAdmins },
  { operation: 'updateDocument(global)', kind: 'mutation', what: 'change a global document', allowed: siteAdmins },
  { operation: 'deleteDocument', kind: 'mutation', what: 'delete a document of O', allowed: organizationAdmins },
  { operation: 'deleteDocument(project)', kind: 'mutation', what: 'delete a document of X', allowed: projectAdmins },
  { operation: 'deleteDocument(global)', kind: 'mutation', what: 'delete a global document', allowed: siteAdmins },
];
