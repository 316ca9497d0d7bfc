import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { isPageBuilt } from '../../navigation/unbuiltPages.ts';

export const reportEditorPath = (projectId: number, reportId: number) => `/p/${projectId}/report/${reportId}`;
export const publicReportPath = (publicId: string) => `/report/${publicId}`;

/** The report's name, a link to it where its page is built. */
export function ReportLink({ projectId, id, name }: { projectId: number; id: number; name: string }) {
  const path = reportEditorPath(projectId, id);
  if (!isPageBuilt(path)) return <Text fw={500}>{name}</Text>;
  return (
    <Anchor component={Link} to={path} fw={500}>
      {name}
    </Anchor>
  );
}
