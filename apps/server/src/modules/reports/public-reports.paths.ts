/**
 * Where a published report's public link reaches the REST side (public-reports.routes.ts): its data under
 * `{path}/data`, its files under `{path}/attachments`, its PDF at `{path}.pdf`.
 */
export const publicReportPath = (publicId: string) => `/api/public-reports/${publicId}`;
