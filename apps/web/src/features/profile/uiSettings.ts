import { useCurrentUser } from '../auth/useCurrentUser.ts';

/** Interface settings kept in the user's `options.ui` JSON. */
export interface UiSettings {
  compact: boolean;
}

/** The `options.ui` JSON as an object; anything else (the schema types it as any JSON value) counts as empty. */
export function uiOptionsOf(ui: unknown): Record<string, unknown> {
  return typeof ui === 'object' && ui !== null && !Array.isArray(ui) ? (ui as Record<string, unknown>) : {};
}

export function uiSettingsOf(ui: unknown): UiSettings {
  return { compact: uiOptionsOf(ui).compact === true };
}

export function useUiSettings(): UiSettings {
  const { currentUser } = useCurrentUser();
  return uiSettingsOf(currentUser?.options.ui);
}
