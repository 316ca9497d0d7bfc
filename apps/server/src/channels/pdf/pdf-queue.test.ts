import { describe, expect, it } from 'vitest';
import { AppError } from '../../shared/errors.ts';
import { PdfQueue, pdfBusyMessage, pdfTenantBusyMessage } from './pdf-queue.ts';

/** Asks for a place for `tenant` and notes, once admitted, who got it. */
function ask(queue: PdfQueue, tenant: string, admitted: string[]): Promise<void> {
  return queue.acquire(tenant).then(() => {
    admitted.push(tenant);
  });
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('PdfQueue', () => {
  it('hands each freed place to the tenant holding fewest, then to the one served longest ago', async () => {
    const queue = new PdfQueue({ pages: 1, queueMax: 16, tenantQueueMax: 8 });
    const admitted: string[] = [];
    await ask(queue, 'A', admitted);
    const waits = ['A', 'A', 'A', 'B', 'C'].map((tenant) => ask(queue, tenant, admitted));
    for (let i = 0; i < waits.length; i++) {
      queue.release(admitted.at(-1) as string);
      await turn();
    }
    await Promise.all(waits);
    expect(admitted).toEqual(['A', 'B', 'C', 'A', 'A', 'A']);
  });

  it('with two places, a tenant holding both waits behind one holding none', async () => {
    const queue = new PdfQueue({ pages: 2, queueMax: 16 });
    const admitted: string[] = [];
    await ask(queue, 'A', admitted);
    await ask(queue, 'A', admitted);
    const waits = [ask(queue, 'A', admitted), ask(queue, 'B', admitted), ask(queue, 'A', admitted)];
    queue.release('A');
    await turn();
    expect(admitted).toEqual(['A', 'A', 'B']);
    queue.release('A');
    queue.release('B');
    await Promise.all(waits);
    expect(admitted).toEqual(['A', 'A', 'B', 'A', 'A']);
  });

  it("refuses a tenant over its share, and anybody over the whole queue's", async () => {
    const queue = new PdfQueue({ pages: 1, queueMax: 3, tenantQueueMax: 2 });
    const admitted: string[] = [];
    await ask(queue, 'A', admitted);
    const waits = [ask(queue, 'A', admitted), ask(queue, 'A', admitted)];
    await expect(queue.acquire('A')).rejects.toEqual(new AppError('TOO_MANY_REQUESTS', pdfTenantBusyMessage));
    waits.push(ask(queue, 'B', admitted));
    await expect(queue.acquire('C')).rejects.toEqual(new AppError('TOO_MANY_REQUESTS', pdfBusyMessage));
    for (let i = 0; i < 3; i++) {
      queue.release(admitted.at(-1) as string);
      await turn();
    }
    await Promise.all(waits);
    expect(admitted).toEqual(['A', 'B', 'A', 'A']);
  });
});
