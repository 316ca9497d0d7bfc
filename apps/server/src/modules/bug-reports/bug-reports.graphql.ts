import { reportBugInput } from '@olo/shared';
import { builder } from '../../graphql/builder.ts';
import { parseInput } from '../../shared/errors.ts';

builder.mutationField('reportBug', (t) =>
  t.boolean({
    description: 'Reports an error seen in the browser. Open to anonymous visitors too.',
    args: { message: t.arg.string({ required: true }), url: t.arg.string(), data: t.arg({ type: 'JSON' }) },
    resolve: async (_root, args, context) => {
      const input = parseInput(reportBugInput, args);
      await context.services.bugReports.report(context.session?.user.id ?? null, input, context.client);
      return true;
    },
  }),
);
