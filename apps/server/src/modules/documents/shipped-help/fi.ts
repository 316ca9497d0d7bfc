import type { ShippedHelp } from './shipped-help-types.ts';

/** Olon oma ohje suomeksi (päätös 0185). */
export const helpInFinnish: ShippedHelp[] = [
  {
    key: 'getting-started',
    name: 'Aloittaminen',
    content: `Olo kerää rakennusten ja työmaiden langattomien mittarien lukemat, näyttää ne reaaliajassa ja kuvaajina, hälyttää ja tekee raportit.

## Miten kokonaisuus rakentuu

- **Organisaatio** on yritys tai yksikkö. Sen ylläpitäjät lisäävät jäseniä, projekteja ja mittareita. Luo organisaatio sivulla [Organisaatiot](/o); sinusta tulee sen ylläpitäjä.
- **Projekti** on kohde: koulu tai kuivattava rakennus. Siinä on **tiloja** (huoneita, laattoja), ja jokaisessa tilassa on **sarjoja**, yksi kutakin mittausta kohden (CO2, lämpötila, kosteus...).
- **Mittari** on laite. Sen lukemat kulkevat mitattavien tilojen sarjoihin.

## Ensimmäiset askeleet

1. Luo organisaatio sivulla [Organisaatiot](/o) tai hyväksy sähköpostilla saamasi kutsu.
2. Avaa organisaatio ja valitse **Luo projekti**.
3. Lisää projektin **Muokkaa**-kohdassa tilat ja sitten **Sarjat**-välilehdellä **Lisää mittari**: jokaisesta huonetta mittaavasta kanavasta tulee sarja.
4. Seuraa arvoja projektin **Reaaliaika**-välilehdellä ja katso historiaa **Yhteenveto**-välilehdellä.

Omat asetuksesi, kuten kielen, löydät [profiilista](/profile). [Etusivulla](/home) on kortti jokaisesta valitsemastasi projektista: verkossa olevat mittarit, avoimet hälytykset ja uusimmat arvot.`,
  },
  {
    key: 'meters-from-network-servers',
    name: 'Mittarien lisääminen The Things Stackista ja ChirpStackista',
    content: `Olo ottaa vastaan LoRaWAN-mittarien viestit **The Things Stackista** (v3) ja **ChirpStackista** (v4) MQTT:llä tai HTTP:llä.

## Tunnukset

Organisaation sivun **Verkkopalvelinintegraatiot** luo organisaatiolle käyttäjätunnuksen ja salaisuuden. Salaisuus näytetään vain kerran: kopioi se heti. Näillä tunnuksilla lähetetyt viestit syöttävät organisaation omia mittareita.

## The Things Stack

- **MQTT:** lisää Pub/Sub-integraatio, joka julkaisee Olon MQTT-välittäjälle käyttäjätunnuksella ja salaisuudella.
- **Webhook:** lisää webhook osoitteeseen \`/api/ingest/tts?tenant=<tenantin tunnus>\` otsakkeella \`Authorization: Bearer <salaisuus>\`. Tenantin ansiosta komennot löytävät mittarin; The Things Networkissa se on \`ttn\`.

## ChirpStack

- **MQTT:** anna ChirpStackin MQTT-integraation julkaista Olon välittäjälle käyttäjätunnuksella ja salaisuudella.
- **HTTP:** lähetä uplink-tapahtumat osoitteeseen \`/api/ingest/chirpstack\` otsakkeella \`Authorization: Bearer <salaisuus>\`.

## Kun ensimmäinen lukema saapuu

Mittari tunnistetaan DevEUI:sta. Tuntematon mittari, joka kuullaan organisaatiosi tunnuksilla, kuuluu heti organisaatiolle ja näkyy uutena mittarina sivulla [Mittarit](/meters). Sen ajuri (viestin purkaja) päätellään laitteen mallista; jos mallia ei tunneta, valitse ajuri mittarin sivulla, niin tallennetut lukemat puretaan.

Lisää mittari sitten tilaan: projektin **Muokkaa → Sarjat** -kohdan **Lisää mittari** tekee sarjan jokaisesta huonetta mittaavasta kanavasta. Paristo ja radion laatu näkyvät mittarin omalla sivulla.`,
  },
  {
    key: 'limits-and-alarms',
    name: 'Raja-arvot ja hälytykset',
    content: `## Raja-arvot

**Raja-arvo** on yhden mittaustyypin värillinen asteikko, esimerkiksi hiilidioksidi sisäilmastoluokituksen luokissa S1, S2 ja S3. Mittarit, taulukot ja kuvaajat värittävät arvot raja-arvon mukaan.

- Olossa on valmiina raja-arvot hiilidioksidille, lämpötilalle, kosteudelle, rakenteiden kuivumiselle ja paine-erolle.
- Sarja noudattaa raja-arvoa, joka sille on valittu projektin kohdassa **Muokkaa → Värit**; muuten organisaation saman tyypin raja-arvoa ja sitten yleistä.
- Organisaation ylläpitäjät pitävät omia värejään ja raja-arvojaan organisaation sivulla.

## Hälytykset

Hälytys valvoo projektin sarjoja ja ilmoittaa, kun sääntö täyttyy. Tee hälytys projektin **Hälytykset**-välilehdellä valitsemalla **Uusi hälytys**:

1. Valitse sarjat tilan ja mittaustyypin mukaan.
2. Valitse sääntö: yli, alle, välillä tai ulkopuolella, ei lukemia tiettyyn aikaan (puuttuva data) tai kunkin sarjan raja-arvon ulkopuolella.
3. Aseta, kuinka kauan ehdon pitää kestää (**Kesto**), kuinka usein muistutetaan (**Toista välein**) ja tarvittaessa **Hystereesi**, jottei rajalla heiluva arvo hälytä jatkuvasti.
4. Valitse, kenelle ilmoitetaan: projektin jäsenille sähköpostilla, sähköpostiosoitteisiin, puhelinnumeroihin (tekstiviesti) tai webhookeihin.

Ennen tallennusta editori näyttää, kuinka usein hälytys olisi lauennut viimeisten 30 päivän aikana.

Lauennut hälytys avaa jakson, joka päättyy ensimmäiseen sääntöä rikkovaan lukemaan. Hälytyksiä näkevät jäsenet kuittaavat jaksot **Hälytykset**-välilehdellä, halutessaan kommentin kera. Kuittaamattomien hälytysten määrä näkyy välilehdellä ja etusivulla.`,
  },
  {
    key: 'reports-and-pdf',
    name: 'Raportit ja PDF',
    content: `Raportti näyttää projektin mittaukset tietyltä ajalta: se kirjoitetaan kerran, usein pohjaksi, ja tehdään jokaisesta kohteesta.

## Raportin tekeminen

1. Valitse projektin **Raportit**-välilehdellä **Uusi raportti**, anna nimi sekä ensimmäinen ja viimeinen päivä, ja aloita tyhjältä sivulta tai pohjasta.
2. Lisää elementtejä paletista: teksti, muotoiltu teksti, kuvaaja, datataulukko, yhteenveto, kuvakierros, kuivumisennuste (milloin rakenteen kosteus saavuttaa kuivumistavoitteensa, sovitetun käyrän ja ennustevälin kanssa)
ja luokitus (sisäilmastoluokka S1–S3, jonka kukin tila saavuttaa hiilidioksidille ja lämpötilalle). Valitse elementti muuttaaksesi sen asetuksia sivupaneelissa.
3. **Raportin asetuksissa** ovat suunta, kansi, tulostuspohja, raportin aikaväli ja sen dataslotit (nimetyt jaksot omine aikaväleineen, tiloineen ja suodattimineen).

Muutokset tallentuvat sitä mukaa. Pohjan tilat yhdistetään uuden projektin tiloihin nimen perusteella, ja ilmoitus kertoo, mikä vaatii huomiotasi.

## Jakaminen ja PDF

- **Julkaise** antaa raportille julkisen linkin, jonka kuka tahansa voi avata kirjautumatta. Se näyttää raportin eikä mitään muuta. Julkaisun peruminen sulkee linkin heti.
- **Lataa PDF** löytyy editorista, raporttilistan jokaiselta riviltä ja julkisesta linkistä. PDF on raportti A4-sivuilla sellaisena kuin näyttö sen näyttää: kansi on sivu 1 ja tulostuspohja antaa ylä- ja alatunnisteen.

Organisaation ylläpitäjät suunnittelevat raporttien kannet ja tulostuspohjat organisaation sivulla.`,
  },
  {
    key: 'exports',
    name: 'Datan vienti',
    content: `Projektin **Yhteenveto**-välilehti näyttää datan kuvaajina ja taulukkona ja vie sen tiedostoksi.

1. Valitse jakso kentillä **Alkaen** ja **Päättyen**, pikavalinnalla tai tallennetulla aikavälillä.
2. Valitse aikavälin pituus, tila (kunkin aikavälin keskiarvo, minimi tai maksimi), näytetäänkö aukot, sekä suodattimet (sallitut tunnit viikonpäivittäin, poistettu päivä tai aikaväli).
3. Valitse **Lataa CSV** tai **Lataa Excel**.

Tiedostossa on rivi kutakin aikaväliä ja sarake kutakin sarjaa kohden (tila / sarja (yksikkö)), arvot pyöristettyinä kuten näytöllä, ja sen jälkeen kunkin sarjan minimi, keskiarvo, maksimi ja lukumäärä. Suomen- ja ruotsinkielisissä CSV-tiedostoissa on puolipiste ja desimaalipilkku, englanninkielisissä pilkku ja piste, joten Excel avaa ne sellaisenaan.

Pieni vienti latautuu heti. Suuri (yli 20 000 arvoa) kirjoitetaan taustalla: jaksojen yläpuolella näkyy edistymispalkki, ja linkki ilmestyy, kun tiedosto on valmis. Voit poistua sivulta sillä välin; vientisi pysyvät saatavilla vuorokauden.`,
  },
  {
    key: 'weather',
    name: 'Sää',
    content: `Olo näyttää ulkosään projektin omien lukemien rinnalla.

## Sääaseman lisääminen

1. Projektin ylläpitäjä asettaa projektin sijainnin (leveys- ja pituusaste) kohdassa **Projektin tiedot**.
2. Lisää projektin **Muokkaa → Sää** -välilehdellä säälähde. Olo valitsee lähimmän Ilmatieteen laitoksen havaintoaseman 50 km:n säteeltä, muuten Open-Meteon pisteen sijainnissa.

Lähteen kanavista tulee projektin sääsarjoja: ulkolämpötila, kosteus, kastepiste, absoluuttinen kosteus, ilmanpaine, pilvisyys, tuuli, sade ja muita. Projektin menneet päivät täytetään palveluiden arkistoista edistymispalkin kera; sen jälkeen uusia havaintoja tulee 10 minuutin (FMI) tai tunnin (Open-Meteo) välein.

## Sää tilan rinnalla

Valitse tilan editorissa sään näyttäminen, lähde ja tyyppi. Tila näyttää silloin ulkoarvon omansa rinnalla live-näkymissä erotuksen kera (esimerkiksi lämpötilaero ulkoseinän yli), katkoviivana kuvaajissa ja *Ulkona*-sarakkeena yhteenvedon ja raporttien taulukoissa.

Jos palvelu ei vastaa, lähde kertoo, mistä lähtien dataa ei ole tullut; Olo kysyy myöhemmin uudelleen. Säädata: Ilmatieteen laitoksen avoin data ja Open-Meteo (CC BY 4.0).`,
  },
];
