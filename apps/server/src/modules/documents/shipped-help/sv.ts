import type { ShippedHelp } from './shipped-help-types.ts';

/** Olos egen hjälp på svenska (beslut 0185). */
export const helpInSwedish: ShippedHelp[] = [
  {
    key: 'getting-started',
    name: 'Kom igång',
    content: `Olo samlar in avläsningarna från trådlösa mätare i byggnader och på byggarbetsplatser, visar dem i realtid och som grafer, larmar och gör rapporter.

## Hur allt hänger ihop

- En **organisation** är ett företag eller en enhet. Dess administratörer lägger till medlemmar, projekt och mätare. Skapa en på [Organisationer](/o); du blir dess administratör.
- Ett **projekt** är ett objekt: en skola, en byggnad som torkas. Det har **utrymmen** (rum, plattor), och varje utrymme har **serier**, en per mätning (CO2, temperatur, fukt...).
- En **mätare** är en apparat. Dess avläsningar går till serierna i de utrymmen den mäter.

## Första stegen

1. Skapa en organisation på [Organisationer](/o), eller godkänn inbjudan du fått per e-post.
2. Öppna organisationen och välj **Skapa projekt**.
3. Lägg till utrymmen under projektets **Redigera** och sedan, på fliken **Serier**, **Lägg till mätare**: varje kanal som mäter rummet blir en serie.
4. Följ värdena på projektets flik **Realtid** och se bakåt i tiden på **Sammanfattning**.

Dina egna inställningar, som språket, finns i din [profil](/profile). [Startsidan](/home) visar ett kort för varje projekt du valt, med mätare online, öppna larm och de senaste värdena.`,
  },
  {
    key: 'meters-from-network-servers',
    name: 'Lägga till mätare från The Things Stack och ChirpStack',
    content: `Olo tar emot LoRaWAN-mätarnas meddelanden från **The Things Stack** (v3) och **ChirpStack** (v4), över MQTT eller HTTP.

## Inloggningsuppgifter

På organisationens sida skapar **Integrationer med nätverksservrar** ett användarnamn och en hemlighet för organisationen. Hemligheten visas en gång: kopiera den genast. Meddelanden som skickas med dessa uppgifter matar organisationens egna mätare.

## The Things Stack

- **MQTT:** lägg till en Pub/Sub-integration som publicerar till Olos MQTT-broker med användarnamnet och hemligheten.
- **Webhook:** lägg till en webhook till \`/api/ingest/tts?tenant=<tenant-id>\` med huvudet \`Authorization: Bearer <hemlighet>\`. Tenanten gör att kommandon når mätaren; på The Things Network är den \`ttn\`.

## ChirpStack

- **MQTT:** låt ChirpStacks MQTT-integration publicera till Olos broker med användarnamnet och hemligheten.
- **HTTP:** skicka uplink-händelserna till \`/api/ingest/chirpstack\` med \`Authorization: Bearer <hemlighet>\`.

## När den första avläsningen kommer

En mätare känns igen på sin DevEUI. En okänd mätare som hörs genom organisationens uppgifter blir genast organisationens och syns som en ny mätare på [Mätare](/meters). Dess drivrutin (avkodare) fås från apparatens modell; om modellen är okänd, välj drivrutinen på mätarens sida så avkodas de lagrade avläsningarna.

Lägg sedan mätaren i ett utrymme: projektets **Redigera → Serier**, **Lägg till mätare**, gör en serie av varje kanal som mäter rummet. Batteri och radiokvalitet finns på mätarens egen sida.`,
  },
  {
    key: 'limits-and-alarms',
    name: 'Gränsvärden och larm',
    content: `## Gränsvärden

Ett **gränsvärde** är en färgad skala för en mättyp, till exempel koldioxid i klasserna S1, S2 och S3 i den finländska inneklimatklassificeringen. Mätare, tabeller och grafer färgar värdena efter gränsvärdet.

- Olo levereras med gränsvärden för koldioxid, temperatur, fukt, torkande konstruktioner och tryckskillnad.
- En serie följer det gränsvärde som valts för den under projektets **Redigera → Färger**; annars organisationens gränsvärde för typen och sedan det globala.
- Organisationens administratörer har sina egna färger och gränsvärden på organisationens sida.

## Larm

Ett larm övervakar ett projekts serier och meddelar när en regel uppfylls. Skapa ett på projektets flik **Larm** med **Nytt larm**:

1. Välj serierna efter utrymme och mättyp.
2. Välj regeln: över, under, mellan eller utanför gränser, inga avläsningar på en tid (saknade data), eller utanför varje series gränsvärde.
3. Ange hur länge villkoret ska gälla (**Varaktighet**), hur ofta det påminns (**Upprepa efter**) och vid behov en **Hysteres**, så att ett värde som pendlar vid gränsen inte larmar om och om igen.
4. Välj vem som meddelas: projektmedlemmar per e-post, e-postadresser, telefonnummer (sms) eller webhooks.

Innan du sparar visar redigeraren hur ofta larmet skulle ha gått under de senaste 30 dagarna.

Ett larm som går öppnar en period, som slutar vid den första avläsning som bryter regeln. Medlemmar som ser larm kvitterar perioderna på fliken **Larm**, med en valfri kommentar. Antalet okvitterade larm syns på fliken och på startsidan.`,
  },
  {
    key: 'reports-and-pdf',
    name: 'Rapporter och PDF',
    content: `En rapport visar ett projekts mätningar under en period: den skrivs en gång, ofta som mall, och görs för varje objekt.

## Göra en rapport

1. Välj **Ny rapport** på projektets flik **Rapporter**, ge den ett namn och dess första och sista dag, och börja från en tom sida eller en mall.
2. Lägg till element från paletten: text, formaterad text, graf, datatabell, sammanfattning, bildrunda, torkningsprognos (när en konstruktions fukt når sina torkmål, med den anpassade kurvan och dess intervall)
och klassificering (den klass S1–S3 varje utrymme uppnår för koldioxid och temperatur). Markera ett element för att ändra dess inställningar i sidopanelen.
3. **Rapportens inställningar** har orienteringen, pärmen, utskriftsmallen, rapportens intervall och dess dataperioder (namngivna perioder med egen tidsindelning, metod och filter).

Ändringarna sparas medan du arbetar. En malls utrymmen matchas med det nya projektets efter namn, och ett meddelande visar vad som behöver din uppmärksamhet.

## Dela och PDF

- **Publicera** ger rapporten en offentlig länk som vem som helst kan öppna utan att logga in. Den visar rapporten och inget annat. Att avpublicera stänger länken genast.
- **Ladda ner PDF** finns i redigeraren, på varje rad i rapportlistan och vid den offentliga länken. PDF:en är rapporten på A4-sidor så som skärmen visar den, med pärmen som sida 1 och utskriftsmallens sidhuvud och sidfot.

Organisationens administratörer utformar rapportpärmar och utskriftsmallar på organisationens sida.`,
  },
  {
    key: 'exports',
    name: 'Exportera data',
    content: `Projektets flik **Sammanfattning** visar dess data som grafer och en tabell och exporterar dem som en fil.

1. Välj perioden med **Från** och **Till**, ett snabbval eller ett sparat intervall.
2. Välj tidsindelningen, metoden (medelvärde, minimum eller maximum för varje intervall), om luckor ska visas, och eventuella filter (tillåtna timmar per veckodag, en borttagen dag eller tidsperiod).
3. Välj **Ladda ner CSV** eller **Ladda ner Excel**.

Filen har en rad per intervall och en kolumn per serie (utrymme / serie (enhet)), med värdena avrundade som de visas, följda av varje series minimum, medelvärde, maximum och antal. Finska och svenska CSV-filer använder semikolon och decimalkomma, engelska komma och punkt, så att Excel öppnar dem som de är.

En liten export laddas ner genast. En stor (över 20 000 värden) skrivs i bakgrunden: en förloppsindikator syns ovanför perioderna, och en länk dyker upp när filen är klar. Du kan lämna sidan under tiden; dina exporter finns kvar i ett dygn.`,
  },
  {
    key: 'weather',
    name: 'Väder',
    content: `Olo visar vädret utomhus bredvid projektets egna avläsningar.

## Lägga till en väderkälla

1. En projektadministratör anger projektets läge (latitud och longitud) under **Projektets uppgifter**.
2. Lägg till en väderkälla på projektets flik **Redigera → Väder**. Olo väljer Meteorologiska institutets (FMI) närmaste observationsstation inom 50 km, annars en Open-Meteo-punkt vid läget.

Källans kanaler blir projektets väderserier: utomhustemperatur, fukt, daggpunkt, absolut fukt, lufttryck, molnighet, vind, regn och mer. Projektets tidigare dagar fylls i från tjänsternas arkiv, med en förloppsindikator; sedan kommer nya observationer var tionde minut (FMI) eller varje timme (Open-Meteo).

## Väder bredvid ett utrymme

Välj i utrymmets redigerare att visa väder, källan och typen. Utrymmet visar då utomhusvärdet bredvid sitt eget i realtidsvyerna, med skillnaden (till exempel temperaturen över ytterväggen), som en streckad linje i graferna och som kolumnen *Ute* i sammanfattningens och rapporternas tabeller.

Om en tjänst inte svarar visar källan sedan när den saknat data; Olo frågar igen senare. Väderdata: FMI:s öppna data och Open-Meteo (CC BY 4.0).`,
  },
];
