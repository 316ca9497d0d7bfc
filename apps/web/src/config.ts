/** Site configuration that the server writes into index.html (`<script id="olo-config">`). */
export interface OloConfig {
  siteName: string;
  /** The header's logo (SITE_LOGO, served by Olo at `/site-logo?v=...`); null shows Olo's own mark. */
  siteLogoUrl: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
  /** Port of the embedded MQTT broker that network servers publish to; null with an external broker. */
  mqttPort: number | null;
  /** Values (slots × series) above which the summary's export runs in the background (EXPORT_BACKGROUND_CELLS). */
  exportBackgroundCells: number;
}

declare global {
  interface Window {
    __OLO_CONFIG__?: Partial<OloConfig>;
  }
}

const defaults: OloConfig = {
  siteName: 'Olo',
  siteLogoUrl: null,
  contactEmail: null,
  contactPhone: null,
  mqttPort: null,
  exportBackgroundCells: 20_000,
};

/** Only an address on this site (the server's `/site-logo`): the header never loads a stranger's image. */
function sitePath(value: unknown): string | null {
  const path = text(value);
  return path?.startsWith('/') && !path.startsWith('//') ? path : null;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

/** Accepts both an assigning script and a JSON script, so either way of injecting works. */
function injectedConfig(): Partial<OloConfig> {
  if (typeof window === 'undefined') return {};
  if (window.__OLO_CONFIG__) return window.__OLO_CONFIG__;
  const element = document.getElementById('olo-config');
  if (element?.getAttribute('type') === 'application/json' && element.textContent) {
    try {
      return JSON.parse(element.textContent) as Partial<OloConfig>;
    } catch {
      return {};
    }
  }
  return {};
}

export function readConfig(injected: Partial<OloConfig> = injectedConfig()): OloConfig {
  return {
    siteName: text(injected.siteName) ?? defaults.siteName,
    siteLogoUrl: sitePath(injected.siteLogoUrl),
    contactEmail: text(injected.contactEmail),
    contactPhone: text(injected.contactPhone),
    mqttPort:
      typeof injected.mqttPort === 'number' && Number.isInteger(injected.mqttPort) && injected.mqttPort > 0
        ? injected.mqttPort
        : defaults.mqttPort,
    exportBackgroundCells:
      typeof injected.exportBackgroundCells === 'number' && Number.isInteger(injected.exportBackgroundCells)
        ? Math.max(0, injected.exportBackgroundCells)
        : defaults.exportBackgroundCells,
  };
}

export const config: OloConfig = readConfig();
