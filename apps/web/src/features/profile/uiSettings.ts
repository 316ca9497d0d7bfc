import { useCurrentUser } from '../auth/useCurrentUser.ts';

/** Interface settings kept in the user's `options.ui` JSON. */
export interface UiSettings {
  compact: boolean;
}

export function uiSettingsOf(ui: Record<string, unknown> | null | undefined): UiSettings {
  return { compact: ui?.compact === true };
}

export function useUiSettings(): UiSettings {
  const { currentUser } = useCurrentUser();
  return uiSettingsOf(currentUser?.options.ui);
}
