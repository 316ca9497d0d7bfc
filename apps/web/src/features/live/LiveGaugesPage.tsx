import { LiveGauges } from './LiveGauges.tsx';
import { LiveProjectData } from './LiveProjectData.tsx';

/** /p/:projectId/live: a gauge per series, grouped by space, following new values as the server pushes them. */
export function LiveGaugesPage() {
  return <LiveProjectData>{(spaces, now) => <LiveGauges spaces={spaces} now={now} />}</LiveProjectData>;
}
