import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { attachmentUploadPath } from '@olo/shared';
import { csrfFetch } from '../apollo/csrf.ts';

/** Whose attachment a file becomes: a project's, or an organization's (a report cover's logo). */
export type AttachmentOwner = { projectId: number } | { organizationId: string };

/**
 * Uploads a file (multipart to POST /api/attachments, streamed by the browser) and gives its id. The server refuses
 * in the shape of GraphQL errors, which are thrown as such, so that the form shows them translated as it shows its
 * other errors.
 */
export async function uploadAttachment(owner: AttachmentOwner, file: File): Promise<string> {
  const form = new FormData();
  // The owner's field goes before the file: the server reads the parts in order.
  if ('projectId' in owner) form.set('projectId', String(owner.projectId));
  else form.set('organizationId', owner.organizationId);
  form.set('file', file, file.name);
  const response = await csrfFetch(attachmentUploadPath, { method: 'POST', body: form, credentials: 'same-origin' });
  const body = (await response.json().catch(() => ({}))) as { id?: unknown; errors?: unknown };
  if (response.ok && typeof body.id === 'string') return body.id;
  if (Array.isArray(body.errors)) throw new CombinedGraphQLErrors({ data: null, errors: body.errors });
  throw new Error(`Upload refused with HTTP ${response.status}`);
}
