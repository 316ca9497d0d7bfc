import { listDrivers } from '@olo/drivers';
import { builder } from '../../graphql/builder.ts';

/** The payload decoders Olo knows, for the meter form's choice of driver. */
const DriverRef = builder.objectRef<{ id: string; vendor: string; models: readonly string[] }>('Driver').implement({
  fields: (t) => ({
    id: t.exposeString('id'),
    vendor: t.exposeString('vendor'),
    models: t.stringList({ resolve: (driver) => [...driver.models] }),
  }),
});

builder.queryFields((t) => ({
  drivers: t.field({
    type: [DriverRef],
    description: 'Payload decoders Olo knows.',
    resolve: (_root, _args, context) => {
      context.access.requireUser();
      return listDrivers();
    },
  }),
}));
