export interface BugReport {
  message: string;
  url: string | null;
  data: unknown;
}

export interface BugReporterOptions {
  send: (report: BugReport) => Promise<unknown>;
  /** Reports allowed per window, so that a failing poll or reconnect loop cannot flood the server. */
  maxPerWindow?: number;
  windowMs?: number;
  now?: () => number;
}

/** Sends bug reports, dropping repeats of the same message and anything over the rate within the window. */
export function createBugReporter({ send, maxPerWindow = 5, windowMs = 60_000, now = Date.now }: BugReporterOptions) {
  let windowStart = 0;
  let sentInWindow = 0;
  const recentMessages = new Set<string>();
  let sending = false;

  return function reportBug(report: BugReport): boolean {
    // An error raised while a report is being sent must not cause another report.
    if (sending) return false;
    const time = now();
    if (time - windowStart >= windowMs) {
      windowStart = time;
      sentInWindow = 0;
      recentMessages.clear();
    }
    if (sentInWindow >= maxPerWindow || recentMessages.has(report.message)) return false;
    sentInWindow++;
    recentMessages.add(report.message);
    sending = true;
    void send(report)
      .catch(() => {
        // A report that cannot be delivered is dropped; reporting its failure would loop.
      })
      .finally(() => {
        sending = false;
      });
    return true;
  };
}

/**
 * The request never got an answer: aborted (the user left the page, or Apollo dropped a query no screen watches
 * any more) or the network failed ("Failed to fetch" in Chromium, "NetworkError when attempting to fetch resource."
 * in Firefox, "Load failed" in Safari). Not a bug of Olo, and a report could not reach the server anyway; the
 * screen says the server could not be reached. An answer with an error status (ServerError) is still a bug.
 */
export function isConnectionFailure(error: unknown): boolean {
  // A DOMException is an Error in browsers but not in every runtime, so the name is asked first.
  if (typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError') return true;
  return (
    error instanceof TypeError && /failed to fetch|networkerror|load failed|network request failed/i.test(error.message)
  );
}
