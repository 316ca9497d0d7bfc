import { Anchor } from '@mantine/core';
import { Link } from 'react-router';

export const reportEditorPath = (projectId: number, reportId: number) => `/p/${projectId}/report/${reportId}`;
export const publicReportPath = (publicId: string) => `/report/${publicId}`;

/** The report's name, a link to its editor. */
export function ReportLink({ projectId, id, name }: { projectId: number; id: number; name: string }) {
  const path = reportEditorPath(projectId, id);
  return (
    <Anchor component={Link} to={path} fw={500}>
      {name}
    </Anchor>
  );
}
