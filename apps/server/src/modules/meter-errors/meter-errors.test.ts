import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, signedInClient } from '../../testing/factories.ts';
import { startSmtpInbox } from '../../testing/smtp-inbox.ts';
import { testDatabases } from '../../testing/test-databases.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

describe.each(testDatabases)('the daily meter-error mail on %s', (kind) => {
  let olo: TestServer;
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
  const sql = () => olo.server.database.sql;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    olo = await startTestServer(kind, { SMTP_URL: inbox.url, PUBLIC_URL: 'https://olo.example' });
  });
  afterAll(async () => {
    await olo?.close();
    await inbox?.close();
  });

  /** A verified member of `organizationId` with the given flags. */
  async function member(
    organizationId: string,
    flags: { notify: boolean; isAdmin?: boolean; canViewMeters?: boolean },
    language = 'fi',
  ) {
    const { account } = await signedInClient(olo.url, { language });
    await sql()`update user_emails set is_verified = true where user_id = ${account.id}`;
    await sql()`
      insert into organization_memberships (organization_id, user_id, is_admin, can_view_meters, notify_on_meter_error)
      values (${organizationId}, ${account.id}, ${flags.isAdmin ?? false}, ${flags.canViewMeters ?? false}, ${flags.notify})
      on conflict (organization_id, user_id) do update set is_admin = excluded.is_admin,
        can_view_meters = excluded.can_view_meters, notify_on_meter_error = excluded.notify_on_meter_error`;
    return account;
  }

  async function meter(
    organizationId: string,
    values: { name: string; driver: string; battery?: number; vdd?: number; lastSeenHoursAgo?: number },
  ) {
    const serial = Math.random().toString(16).slice(2, 18).padEnd(16, '0');
    const seenAt = new Date(Date.now() - (values.lastSeenHoursAgo ?? 0) * 3_600_000);
    const [row] = await sql()<Array<{ id: number }>>`
      insert into meters (serial, name, driver, organization_id, last_seen_at, interval_seconds)
      values (${serial}, ${values.name}, ${values.driver}, ${organizationId}, ${seenAt.toISOString()}, 600) returning id`;
    const id = row?.id as number;
    await sql()`
      insert into meter_latest (meter_id, time, battery, vdd)
      values (${id}, ${seenAt.toISOString()}, ${values.battery ?? null}, ${values.vdd ?? null})`;
    return { id, serial };
  }

  // Registration also mails (address verification): only the meter-error mails count here.
  const isMeterErrorMail = (mail: { subject: string }) => /mittarivirhe|mätarfel|meter error/.test(mail.subject);
  const mailsTo = (email: string) =>
    inbox.mails.filter((mail) => mail.to.includes(email.toLowerCase()) && isMeterErrorMail(mail));
  const settle = () => new Promise((resolve) => setTimeout(resolve, 500));

  it('mails each new problem once to members who asked for it, in their language, with links to the meters', async () => {
    const { client } = await signedInClient(olo.url);
    const organization = await createOrganization(client, { name: 'Rakennus Oy' });
    const notified = await member(organization.id, { notify: true, canViewMeters: true });
    const swedish = await member(organization.id, { notify: true, isAdmin: true }, 'sv');
    const notAsked = await member(organization.id, { notify: false, canViewMeters: true });
    // Asked, but may not see the meters: no mail.
    const cannotSee = await member(organization.id, { notify: true });

    const weak = await meter(organization.id, { name: 'Kellari', driver: 'elsys', battery: 3.1 });
    const silent = await meter(organization.id, {
      name: 'Ullakko',
      driver: 'elsys',
      battery: 3.6,
      lastSeenHoursAgo: 5,
    });
    await meter(organization.id, { name: 'Kunnossa', driver: 'elsys', battery: 3.6 });
    await sql()`insert into system_errors (name, type, meter_id) values ('Payload too short', 'meter.decode', ${weak.id})`;

    expect(await olo.server.services.meterErrors.mailNewErrors(new Date())).toBeGreaterThanOrEqual(2);
    const mail = await inbox.waitFor(notified.email, isMeterErrorMail);
    expect(mail.subject).toBe('Olo: 3 uutta mittarivirhettä');
    expect(mail.text).toContain('Rakennus Oy');
    expect(mail.text).toMatch(/Kellari \([0-9a-f]{16}\): Paristo lopussa; Järjestelmävirhe .*: Payload too short/);
    expect(mail.text).toContain(`https://olo.example/meters/${weak.id}`);
    expect(mail.text).toMatch(/Ullakko \([0-9a-f]{16}\): Ei yhteyttä, viimeksi/);
    expect(mail.text).toContain(`https://olo.example/meters/${silent.id}`);
    expect(mail.text).not.toContain('Kunnossa');
    const swedishMail = await inbox.waitFor(swedish.email, isMeterErrorMail);
    expect(swedishMail.subject).toBe('Olo: 3 nya mätarfel');
    expect(swedishMail.text).toContain('Batteriet är slut');

    // The next day: nothing new, nothing sent.
    expect(await olo.server.services.meterErrors.mailNewErrors(new Date())).toBe(0);
    await settle();
    expect(mailsTo(notified.email)).toHaveLength(1);
    expect(mailsTo(notAsked.email)).toHaveLength(0);
    expect(mailsTo(cannotSee.email)).toHaveLength(0);

    // The battery is changed, then runs low again: a new problem once more.
    await sql()`update meter_latest set battery = 3.6 where meter_id = ${weak.id}`;
    expect(await olo.server.services.meterErrors.mailNewErrors(new Date())).toBe(0);
    await sql()`update meter_latest set battery = 3.3 where meter_id = ${weak.id}`;
    expect(await olo.server.services.meterErrors.mailNewErrors(new Date())).toBeGreaterThanOrEqual(2);
    const again = await inbox.waitFor(notified.email, (m) => isMeterErrorMail(m) && m !== mail);
    expect(again.subject).toBe('Olo: uusi mittarivirhe');
    expect(again.text).toContain('Paristo vähissä');
    expect(again.text).not.toContain('Ullakko');
  });

  it('leaves out meters in storage or switched off, and acknowledged system errors', async () => {
    const { client } = await signedInClient(olo.url);
    const organization = await createOrganization(client, { name: 'Varasto Oy' });
    const notified = await member(organization.id, { notify: true, isAdmin: true }, 'en');
    const stored = await meter(organization.id, { name: 'In storage', driver: 'elsys', battery: 3.0 });
    const off = await meter(organization.id, { name: 'Switched off', driver: 'elsys', battery: 3.0 });
    const low = await meter(organization.id, { name: 'Brown-out', driver: 'elsys', battery: 3.6, vdd: 2.2 });
    await sql()`update meters set in_storage = true where id = ${stored.id}`;
    await sql()`update meters set active = false where id = ${off.id}`;
    await sql()`insert into system_errors (name, type, meter_id, acknowledged) values ('Seen already', 'x', ${low.id}, true)`;

    await olo.server.services.meterErrors.mailNewErrors(new Date());
    const mail = await inbox.waitFor(notified.email, isMeterErrorMail);
    expect(mail.subject).toBe('Olo: a new meter error');
    expect(mail.text).toContain('Brown-out');
    expect(mail.text).toContain('Low supply voltage');
    expect(mail.text).not.toMatch(/In storage|Switched off|Seen already/);
  });

  it('is scheduled daily at 07:00 in the configured time zone', async () => {
    const [job] = await sql()<Array<{ key: string; run_at: Date }>>`
      select key, run_at from jobs where name = 'meter-errors.daily' and done_at is null`;
    expect(job?.key).toBe(`meter-errors.daily@${new Date(job?.run_at as Date).toISOString()}`);
    const local = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Helsinki', timeStyle: 'short' });
    expect(local.format(new Date(job?.run_at as Date))).toBe('07:00');
  });
});
