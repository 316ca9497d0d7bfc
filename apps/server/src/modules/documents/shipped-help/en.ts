import type { ShippedHelp } from './shipped-help-types.ts';

/** Olo's own help in English (decision 0185): what the product does, for its users. */
export const helpInEnglish: ShippedHelp[] = [
  {
    key: 'getting-started',
    name: 'Getting started',
    content: `Olo collects the readings of wireless meters in buildings and on construction sites, shows them live and as graphs, raises alarms and makes reports.

## How things fit together

- An **organization** is a company or a unit. Its admins add members, projects and meters. Create one on [Organizations](/o); you become its admin.
- A **project** is a site: a school, a building being dried. It has **spaces** (rooms, slabs), and each space has **series**, one per measurement (CO2, temperature, humidity...).
- A **meter** is a device. Its readings flow into the series of the spaces it measures.

## First steps

1. Create an organization on [Organizations](/o), or accept the invitation you were mailed.
2. Open the organization and choose **Create project**.
3. Under the project's **Edit**, add spaces and then, on **Series**, **Add meter**: each channel that measures the room becomes a series.
4. Follow the values on the project's **Live** tab and look back in time on **Summary**.

Your own settings, such as the language, are on your [profile](/profile). The [home page](/home) shows a card for each project you chose, with its meters online, open alarms and latest values.`,
  },
  {
    key: 'meters-from-network-servers',
    name: 'Adding meters from The Things Stack and ChirpStack',
    content: `Olo takes the uplinks of LoRaWAN meters from **The Things Stack** (v3) and **ChirpStack** (v4), over MQTT or HTTP.

## Credentials

On the organization's page, **Network server integrations** creates a username and a secret for the organization. The secret is shown once: copy it at once. Uplinks sent with these credentials feed the organization's own meters.

## The Things Stack

- **MQTT:** add a Pub/Sub integration that publishes to Olo's MQTT broker with the username and secret.
- **Webhook:** add a webhook to \`/api/ingest/tts?tenant=<tenant id>\` with the header \`Authorization: Bearer <secret>\`. The tenant lets commands reach the meter; on The Things Network it is \`ttn\`.

## ChirpStack

- **MQTT:** let ChirpStack's MQTT integration publish to Olo's broker with the username and secret.
- **HTTP:** send the uplink events to \`/api/ingest/chirpstack\` with \`Authorization: Bearer <secret>\`.

## When the first reading arrives

A meter is recognized by its DevEUI. An unknown meter heard through your organization's credentials becomes the organization's at once and shows as a new meter on [Meters](/meters). Its driver (payload decoder) comes from the device's model; if it is not known, set the driver on the meter's page and the stored readings are decoded.

Then add the meter to a space: on the project's **Edit → Series**, **Add meter** makes a series of each channel that measures the room. Battery and radio quality stay on the meter's own page.`,
  },
  {
    key: 'limits-and-alarms',
    name: 'Limits and alarms',
    content: `## Limits

A **limit** is a coloured scale of one measurement type, for example CO2 in the classes S1, S2 and S3 of the Finnish indoor climate classification. Gauges, tables and graphs colour values by their limit.

- Olo ships limits for CO2, temperature, humidity, drying structures and pressure difference.
- A series follows the limit picked for it on the project's **Edit → Colors**; otherwise its organization's limit of that type, then the global one.
- Organization admins keep their own colours and limits on the organization's page.

## Alarms

An alarm watches series of a project and notifies people when a rule is met. Make one on the project's **Alarms** tab with **New alarm**:

1. Pick the series, by space and measurement type.
2. Choose the rule: above, below, between or outside thresholds, no readings for a while (missing data), or outside each series' limit.
3. Set how long the condition must last (**Duration**), how often to remind (**Repeat after**) and, if needed, a **Hysteresis** so that a value hovering at the threshold does not flap.
4. Choose who is notified: project members by email, email addresses, phone numbers (SMS) or webhooks.

The editor shows how often the alarm would have fired in the last 30 days before you save it.

When an alarm fires it opens an episode, which ends at the first reading that breaks the rule. Members who see alarms acknowledge episodes on the **Alarms** tab, with an optional comment. The count of unacknowledged alarms shows on the tab and on the home page.`,
  },
  {
    key: 'reports-and-pdf',
    name: 'Reports and PDF',
    content: `A report shows a project's measurements over a period: written once, often as a template, and produced for every site.

## Making a report

1. On the project's **Reports** tab choose **New report**, give it a name and its first and last day, and start from a blank page or a template.
2. Add elements from the palette: text, rich text, graph, data table, summary, image tour, drying forecast (when a structure's moisture reaches its drying targets, with the fitted curve and its interval)
and classification (the class S1–S3 each space meets for CO2 and temperature). Select an element to change its settings in the side panel.
3. **Report settings** hold the orientation, cover, print template, the report's range and its data slots (named periods with their own slot, mode and filters).

Changes are saved as you go. A template's spaces are matched to the new project's by name, and a notice lists what needs your attention.

## Sharing and PDF

- **Publish** gives the report a public link that anybody can open without signing in. It shows the report and nothing else. Unpublishing closes the link at once.
- **Download PDF** is in the editor, on every row of the report list and on the public link. The PDF is the report on A4 pages as the screen shows it, with the cover as page 1 and the print template's header and footer.

Organization admins design report covers and print templates on the organization's page.`,
  },
  {
    key: 'exports',
    name: 'Exporting data',
    content: `The project's **Summary** tab shows its data as graphs and a table, and exports it as a file.

1. Choose the period with **From** and **To**, a quick range or a saved range.
2. Choose the slot length, the mode (average, minimum or maximum of each slot), whether to show gaps, and any filters (allowed hours per weekday, a removed day or time span).
3. Choose **Download CSV** or **Download Excel**.

The file has one row per slot and one column per series (space / series (unit)), with the values rounded as shown, followed by each series' minimum, average, maximum and count. Finnish and Swedish CSV files use a semicolon and a decimal comma, English ones a comma and a point, so that Excel opens them as they are.

A small export downloads at once. A large one (more than 20,000 values) is written in the background: a progress bar shows above the periods, and a link appears when the file is ready. You may leave the page meanwhile; your exports stay available for a day.`,
  },
  {
    key: 'weather',
    name: 'Weather',
    content: `Olo shows the outdoor weather beside a project's own readings.

## Adding a weather source

1. A project admin sets the project's location (latitude and longitude) under **Project information**.
2. On the project's **Edit → Weather** tab, add a weather source. Olo takes the nearest FMI observation station within 50 km, otherwise an Open-Meteo point at the location.

The source's channels become the project's weather series: outdoor temperature, humidity, dew point, absolute humidity, pressure, cloudiness, wind, rain and more. The project's past days are filled in from the providers' archives, with a progress bar; new observations then arrive every 10 minutes (FMI) or every hour (Open-Meteo).

## Weather beside a space

In the space editor, choose to show weather, the source and the type. The space then shows the outdoor value beside its own in the live views, with the difference (for example the temperature across the outer wall), as a dashed line in its graphs and as an *Outdoors* column in summary and report tables.

If a provider does not answer, the source says since when it has had no data; Olo asks again later. Weather data: FMI open data and Open-Meteo (CC BY 4.0).`,
  },
];
