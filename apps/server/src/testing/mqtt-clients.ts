import type { MqttClient } from 'mqtt';

/** Messages a client received, by topic, as they come. */
export function received(client: MqttClient): Array<{ topic: string; body: string }> {
  const messages: Array<{ topic: string; body: string }> = [];
  client.on('message', (topic, payload) => messages.push({ topic, body: payload.toString() }));
  return messages;
}

/** The QoS granted to each filter, 128 where refused (which mqtt.js reports as an error). */
export async function grantedQos(client: MqttClient, filters: string[]): Promise<number[]> {
  try {
    return (await client.subscribeAsync(filters, { qos: 1 })).map((grant) => grant.qos);
  } catch (error) {
    const granted = (error as { packet?: { granted?: Array<number | { qos: number }> } }).packet?.granted;
    if (!granted) throw error;
    return granted.map((grant) => (typeof grant === 'number' ? grant : grant.qos));
  }
}

/** Resolves once `check` holds, asking every 20 ms; throws after `timeoutMs`. */
export async function until(check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
