import type { Page } from '@playwright/test';
import { csrfCookieName, csrfHeaderName } from '../../packages/shared/src/http.ts';

/**
 * Sends a GraphQL operation as the page's signed-in user (its cookies, and the CSRF cookie echoed in the header, as
 * the web app does), for setting up what a test does not exercise through the screens. Fails on any GraphQL error.
 */
export async function graphql<T>(page: Page, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === csrfCookieName)?.value ?? '';
  const response = await page.request.post('/graphql', {
    headers: { [csrfHeaderName]: csrf },
    data: { query, variables },
  });
  const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
  if (!response.ok() || body.errors?.length || !body.data) {
    throw new Error(`GraphQL failed (${response.status()}): ${JSON.stringify(body.errors ?? body)}`);
  }
  return body.data;
}

/**
 * Resolves once `page` has sent a subscription to `field` over its websocket. Set it up before the page loads, and
 * publish what the test waits for only after it resolves: a value pushed before the subscription reaches nobody.
 */
export function subscribedTo(page: Page, field: string): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framesent', (frame) => {
        if (String(frame.payload).includes(field)) resolve();
      });
    });
  });
}
