import type { Logger } from 'pino';

type Closer = () => Promise<void> | void;

/**
 * What start-up opened, closed in the reverse order of opening: each step adds its closer as soon
 * as the thing is open, so that a start-up that fails half-way closes what it got. A closer that
 * fails is logged and the rest still run; closing twice closes nothing more.
 */
export class Closers {
  private readonly closers: Closer[] = [];

  constructor(private readonly logger: Logger) {}

  add(closer: Closer): void {
    this.closers.push(closer);
  }

  async closeAll(): Promise<void> {
    for (const closer of this.closers.reverse()) {
      try {
        await closer();
      } catch (error) {
        this.logger.error({ err: error }, 'error while shutting down');
      }
    }
    this.closers.length = 0;
  }
}
