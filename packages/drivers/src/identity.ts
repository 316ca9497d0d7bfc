/*
 * Matching a network server's description of a device to a driver.
 * The Things Stack gives `version_ids.brand_id` and `model_id` from its device repository
 * (lower-case ids such as 'milesight-iot' and 'em500-co2'). ChirpStack gives only the device
 * profile's name, which people type freely ('Milesight EM500-CO2', 'em500 co2 (EU868)').
 */

/** Lower-case, trimmed: TTS ids are lower-case already, but hand-made set-ups vary. */
export function normalizedId(id: string): string {
  return id.trim().toLowerCase();
}

const maxTokensInPhrase = 4;

/** Lower-case alphanumeric words of a free-text name. */
function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0);
}

/**
 * Whether a free-text profile name mentions a phrase such as 'em500-co2', however it is
 * separated: 'EM500-CO2', 'em500 co2' and 'EM500CO2' all mention it. Words must match whole, so
 * 'am3070' does not mention 'am307'.
 */
export function profileNameMentions(profileName: string, phrase: string): boolean {
  const wanted = words(phrase).join('');
  if (wanted.length === 0) return false;
  const nameWords = words(profileName);
  for (let start = 0; start < nameWords.length; start++) {
    let joined = '';
    for (let end = start; end < Math.min(nameWords.length, start + maxTokensInPhrase); end++) {
      joined += nameWords[end];
      if (joined === wanted) return true;
      if (joined.length >= wanted.length) break;
    }
  }
  return false;
}
