/**
 * What the demo reports say and where. Written like residents write; no names, phone numbers
 * or emails. `at` is a demo service object id, or a street location.
 */
export interface DemoRequestText {
  code: string;
  locale: 'fi' | 'en';
  title: string;
  description: string;
  at: string | { lat: number; long: number; address: string };
}

export const demoRequestTexts: readonly DemoRequestText[] = [
  // 171 Potholes / street condition
  {
    code: '171',
    locale: 'fi',
    title: 'Kuoppa pyöräkaistan reunassa',
    description:
      'Hämeentiellä Sörnäisten metroaseman kohdalla on syvä kuoppa pyöräkaistan reunassa. Pyöräilijät joutuvat väistämään autojen sekaan.',
    at: { lat: 60.1874, long: 24.9604, address: 'Hämeentie 30, Helsinki' },
  },
  {
    code: '171',
    locale: 'en',
    title: 'Pothole on the cycle lane',
    description: 'Deep pothole at the edge of the cycle lane on Runeberginkatu. Easy to miss in the dark and full of water after rain.',
    at: { lat: 60.1776, long: 24.9254, address: 'Runeberginkatu 37, Helsinki' },
  },
  {
    code: '171',
    locale: 'fi',
    title: 'Asfaltti murentunut suojatiellä',
    description: 'Suojatien kohdalla asfaltti on murentunut laajalta alueelta ja vesi lammikoituu kuoppiin. Lastenvaunujen kanssa vaikea kulkea.',
    at: { lat: 60.1991, long: 24.9559, address: 'Mäkelänkatu 56, Helsinki' },
  },
  {
    code: '171',
    locale: 'en',
    title: 'Sunken drain cover',
    description: 'A drain cover on Itämerenkatu has sunk about five centimetres below the road surface. Cars hit it hard and it is getting worse.',
    at: { lat: 60.1619, long: 24.9062, address: 'Itämerenkatu 11, Helsinki' },
  },
  {
    code: '171',
    locale: 'fi',
    title: 'Routavaurio kadulla',
    description: 'Kadun keskellä on talven jäljiltä iso routavaurio, ja asfaltin palasia on irronnut ajoradalle.',
    at: { lat: 60.1861, long: 25.0068, address: 'Kulosaaren puistotie 20, Helsinki' },
  },
  // 198 Traffic signs
  {
    code: '198',
    locale: 'fi',
    title: 'Stop-merkki kaatunut',
    description: 'Stop-merkki on ajettu nurin risteyksessä ja makaa nyt jalkakäytävällä.',
    at: { lat: 60.1931, long: 24.9428, address: 'Sturenkatu 20, Helsinki' },
  },
  {
    code: '198',
    locale: 'en',
    title: 'Speed limit sign turned around',
    description: "The 30 km/h sign at the school entrance has been twisted to face the pavement, so drivers coming down the hill can't see it.",
    at: { lat: 60.2049, long: 24.8781, address: 'Raumantie 1, Helsinki' },
  },
  {
    code: '198',
    locale: 'fi',
    title: 'Liikennemerkin tolppa heiluu',
    description: 'Pysäköintikieltomerkki on vinossa ja sen tolppa heiluu tuulessa. Näyttää siltä, että se kaatuu pian.',
    at: { lat: 60.1889, long: 24.9561, address: 'Fleminginkatu 6, Helsinki' },
  },
  // 199 Info signs
  {
    code: '199',
    locale: 'en',
    title: 'Faded trail sign',
    description: 'The route sign at the start of the Central Park trail is so faded it can no longer be read.',
    at: { lat: 60.2291, long: 24.9268, address: 'Pirkkolan metsätie, Helsinki' },
  },
  {
    code: '199',
    locale: 'fi',
    title: 'Opaste osoittaa väärään suuntaan',
    description: 'Matkustajasatamaan ohjaava opaste on käännetty osoittamaan väärään suuntaan. Turistit kyselevät reittiä.',
    at: { lat: 60.1664, long: 24.9537, address: 'Eteläranta 10, Helsinki' },
  },
  // 172 Vandalism
  {
    code: '172',
    locale: 'fi',
    title: 'Puistonpenkki rikottu',
    description: 'Puiston penkin istuinlaudat on irrotettu ja heitetty pensaisiin.',
    at: 'demo-park-3',
  },
  {
    code: '172',
    locale: 'en',
    title: 'Broken bench by the shore',
    description: 'Two slats of the bench by the shore are broken and sticking out with nails. Dangerous for children.',
    at: 'demo-park-6',
  },
  {
    code: '172',
    locale: 'fi',
    title: 'Infotaulun lasi rikottu',
    description: 'Puiston infotaulun lasi on rikottu ja sirpaleita on maassa taulun ympärillä.',
    at: 'demo-park-4',
  },
  {
    code: '172',
    locale: 'en',
    title: 'Bus shelter glass smashed',
    description: 'The glass wall of the bus shelter has been smashed overnight; shards all over the pavement.',
    at: { lat: 60.2079, long: 24.9688, address: 'Hämeentie 145, Helsinki' },
  },
  {
    code: '172',
    locale: 'fi',
    title: 'Roska-astia revitty irti',
    description: 'Kentän laidalla oleva roska-astia on revitty irti tolpastaan ja kaadettu nurmelle.',
    at: 'demo-sports-field-1',
  },
  // 246 Sanitation violation / littering
  {
    code: '246',
    locale: 'fi',
    title: 'Roskia rannalla',
    description: 'Rannalla on paljon pulloja ja kertakäyttögrillejä viikonlopun jäljiltä.',
    at: { lat: 60.1726, long: 24.9021, address: 'Hietaniemen uimaranta, Helsinki' },
  },
  {
    code: '246',
    locale: 'en',
    title: 'Overflowing bins',
    description: 'All the bins along the main path are overflowing and rubbish is blowing around the lawn.',
    at: 'demo-park-1',
  },
  {
    code: '246',
    locale: 'fi',
    title: 'Sohva jätetty jalkakäytävälle',
    description: 'Joku on jättänyt vanhan sohvan ja patjan jalkakäytävälle. Ne ovat olleet siinä jo useamman päivän.',
    at: { lat: 60.1939, long: 24.9471, address: 'Aleksis Kiven katu 18, Helsinki' },
  },
  {
    code: '246',
    locale: 'en',
    title: 'Litter along the shore path',
    description: 'Lots of plastic bags and cans along the shore path and in the reeds.',
    at: { lat: 60.1776, long: 24.9582, address: 'Säästöpankinranta, Helsinki' },
  },
  {
    code: '246',
    locale: 'fi',
    title: 'Leikkipuiston roska-astiat täynnä',
    description: 'Leikkipuiston roska-astiat ovat olleet täynnä jo viikon, ja linnut levittävät roskia hiekkalaatikolle.',
    at: 'demo-playground-3',
  },
  {
    code: '246',
    locale: 'en',
    title: 'Dumped building waste',
    description: 'Someone has dumped plasterboard and paint buckets at the edge of the woods next to the footpath.',
    at: { lat: 60.2003, long: 25.0402, address: 'Herttoniemenranta, Helsinki' },
  },
  // 176 Graffiti removal
  {
    code: '176',
    locale: 'fi',
    title: 'Töhryjä koulun seinässä',
    description: 'Koulun seinään on ilmestynyt isoja töhryjä yön aikana.',
    at: { lat: 60.1892, long: 24.9543, address: 'Porvoonkatu 12, Helsinki' },
  },
  {
    code: '176',
    locale: 'en',
    title: 'Graffiti in the underpass',
    description: 'The walls of the pedestrian underpass are covered in new tags, some of them offensive.',
    at: { lat: 60.1988, long: 24.9331, address: 'Ratapihantie, Helsinki' },
  },
  {
    code: '176',
    locale: 'fi',
    title: 'Tägejä sähkökaapissa',
    description: 'Sähkökaappi ja viereinen liikennemerkki on tussattu täyteen tägejä.',
    at: { lat: 60.1668, long: 24.9371, address: 'Fredrikinkatu 40, Helsinki' },
  },
  {
    code: '176',
    locale: 'en',
    title: 'Spray paint on the toilet building',
    description: 'The outside walls of the public toilet are covered in spray paint.',
    at: 'demo-toilet-3',
  },
  {
    code: '176',
    locale: 'fi',
    title: 'Leikkivälineet sotkettu',
    description: 'Leikkipuiston liukumäki ja keinujen tolpat on sotkettu spraymaalilla.',
    at: 'demo-playground-1',
  },
  // 174 Parks
  {
    code: '174',
    locale: 'en',
    title: 'Fallen branch across the path',
    description: "A large branch has fallen across the main path after last night's storm. People are walking on the flower beds to get past.",
    at: 'demo-park-7',
  },
  {
    code: '174',
    locale: 'fi',
    title: 'Nurmikko kulunut mudaksi',
    description: 'Puiston nurmikko on kulunut mudaksi polun kohdalta ja siihen on tullut iso lätäkkö.',
    at: 'demo-park-5',
  },
  {
    code: '174',
    locale: 'fi',
    title: 'Pensaat peittävät näkyvyyden',
    description: 'Puiston reunan pensaat ovat kasvaneet niin korkeiksi, ettei suojatien kohdalla näe tulevia autoja.',
    at: 'demo-park-8',
  },
  {
    code: '174',
    locale: 'en',
    title: 'Path lights out',
    description: "Two of the path lights have been out for a week; it's very dark there in the evening.",
    at: 'demo-park-2',
  },
  // 211 Playgrounds and sports parks
  {
    code: '211',
    locale: 'fi',
    title: 'Keinun ketju katki',
    description: 'Isojen keinujen toisen keinun ketju on katkennut ja istuin roikkuu yhden ketjun varassa.',
    at: 'demo-playground-2',
  },
  {
    code: '211',
    locale: 'en',
    title: 'Loose step on the climbing frame',
    description: 'One of the steps on the climbing frame is loose and wobbles when you stand on it.',
    at: 'demo-playground-5',
  },
  {
    code: '211',
    locale: 'fi',
    title: 'Koripallokorin verkko rikki',
    description: 'Kentän koripallotelineen verkko on revitty ja koko teline on vinossa.',
    at: 'demo-sports-field-2',
  },
  {
    code: '211',
    locale: 'en',
    title: 'Torn goal net',
    description: 'The net on the football goal at the north end of the field is torn from top to bottom.',
    at: 'demo-sports-field-5',
  },
  {
    code: '211',
    locale: 'fi',
    title: 'Lasinsiruja hiekkalaatikossa',
    description: 'Hiekkalaatikossa on rikottua lasia, eivätkä lapset voi leikkiä siinä.',
    at: 'demo-playground-4',
  },
  {
    code: '211',
    locale: 'en',
    title: 'Running track surface peeling',
    description: 'The running track surface is peeling on the second bend and people are tripping on it.',
    at: 'demo-sports-field-10',
  },
  // 234 Forests
  {
    code: '234',
    locale: 'fi',
    title: 'Kaatunut puu ulkoilupolulla',
    description: 'Myrskyssä kaatunut kuusi tukkii ulkoilupolun kokonaan. Pyörällä ei pääse ohi.',
    at: { lat: 60.2148, long: 24.9183, address: 'Keskuspuisto, Helsinki' },
  },
  {
    code: '234',
    locale: 'en',
    title: 'Dead trees leaning over the path',
    description: 'Several dead birches are leaning over the jogging path and look like they could come down in the next storm.',
    at: { lat: 60.1834, long: 24.9972, address: 'Mustikkamaa, Helsinki' },
  },
  {
    code: '234',
    locale: 'fi',
    title: 'Metsäpolku kasvanut umpeen',
    description: 'Metsäpolku on kasvanut umpeen vesakkoa, eikä sitä pääse enää kulkemaan.',
    at: { lat: 60.2031, long: 25.0298, address: 'Herttoniemen metsä, Helsinki' },
  },
  // 180 Other
  {
    code: '180',
    locale: 'en',
    title: 'Public toilet locked',
    description: 'The public toilet has been locked all week although the sign says it should be open every day.',
    at: 'demo-toilet-2',
  },
  {
    code: '180',
    locale: 'fi',
    title: 'Juomavesiautomaatti ei toimi',
    description: 'Liikuntapuiston juomavesiautomaatista ei tule vettä.',
    at: 'demo-sports-field-4',
  },
  {
    code: '180',
    locale: 'fi',
    title: 'WC:ssä ei valoa',
    description: 'Yleisen WC:n valot eivät syty, ja tila on iltaisin täysin pimeä.',
    at: 'demo-toilet-1',
  },
  // Elsewhere in the capital region, each of a type its city handles (capital-region-bodies.geojson).
  {
    code: '171',
    locale: 'fi',
    title: 'Routavaurio kevyen liikenteen väylällä',
    description: 'Leppävaarankadun pyörätiellä on routa nostanut asfalttia, ja reunaan on syntynyt terävä kynnys.',
    at: { lat: 60.2195, long: 24.8127, address: 'Leppävaarankatu 3, Espoo' },
  },
  {
    code: '176',
    locale: 'en',
    title: 'Graffiti in the underpass',
    description: 'The walls of the pedestrian underpass by the Tapiola shopping centre have been covered in graffiti again.',
    at: { lat: 60.1757, long: 24.8051, address: 'Tapiolan keskus, Espoo' },
  },
  {
    code: '246',
    locale: 'fi',
    title: 'Roskia uimarannalla',
    description: 'Matinkylän uimarannalla on paljon pulloja ja eväspapereita, ja roska-astiat ovat täynnä.',
    at: { lat: 60.1555, long: 24.737, address: 'Matinkylän uimaranta, Espoo' },
  },
  {
    code: '198',
    locale: 'fi',
    title: 'Liikennemerkki kaatunut',
    description: 'Suojatien liikennemerkki on kaatunut jalkakäytävälle, eikä autoilijat näe sitä.',
    at: { lat: 60.2942, long: 25.0432, address: 'Tikkurilantie 44, Vantaa' },
  },
  {
    code: '234',
    locale: 'en',
    title: 'Fallen trees across the trail',
    description: 'Two spruces have fallen across the trail around Kuusijärvi after the storm. Hard to get past with a pram.',
    at: { lat: 60.312, long: 25.113, address: 'Kuusijärvi, Vantaa' },
  },
  {
    code: '172',
    locale: 'fi',
    title: 'Bussikatoksen lasi rikottu',
    description: 'Myyrmäen aseman bussikatoksen lasiseinä on rikottu, ja lasinsiruja on pysäkillä.',
    at: { lat: 60.2614, long: 24.8546, address: 'Myyrmäen asema, Vantaa' },
  },
  {
    code: '246',
    locale: 'fi',
    title: 'Roska-astia täynnä',
    description: 'Aseman vieressä oleva roska-astia on ollut täynnä jo viikon, ja roskat leviävät tuulen mukana.',
    at: { lat: 60.2107, long: 24.7287, address: 'Kauniaisten asema, Kauniainen' },
  },
  {
    code: '174',
    locale: 'en',
    title: 'Overgrown path in the park',
    description: 'The path through the park is overgrown at its southern end and hard to use with a wheelchair.',
    at: { lat: 60.2085, long: 24.724, address: 'Thurmaninpuistotie, Kauniainen' },
  },
];

/** How far along each demo request is, with the city's note in the request's language. */
export interface DemoStatusPlan {
  detailed: string[];
  notes: { fi: string; en: string } | null;
}

export const demoStatusPlans: readonly DemoStatusPlan[] = [
  { detailed: ['RECEIVED'], notes: null },
  {
    detailed: ['IN_PROCESS'],
    notes: { fi: 'Palaute on käsittelyssä.', en: 'Your feedback is being processed.' },
  },
  {
    detailed: ['IN_PROCESS', 'PUBLIC_WORKS_NEW'],
    notes: { fi: 'Asia on välitetty kunnossapidon urakoitsijalle.', en: 'Forwarded to the maintenance contractor.' },
  },
  {
    detailed: ['IN_PROCESS', 'PUBLIC_WORKS_IN_PROGRESS'],
    notes: { fi: 'Korjaustyö on aloitettu.', en: 'Repair work has started.' },
  },
  {
    detailed: ['PROCESSED'],
    notes: {
      fi: 'Kiitos ilmoituksesta. Asia on hoidettu.',
      en: 'Thank you for the report. The matter has been taken care of.',
    },
  },
  {
    detailed: ['PROCESSED', 'PUBLIC_WORKS_COMPLETED'],
    notes: { fi: 'Kiitos ilmoituksesta. Korjaus on tehty.', en: 'Thank you for the report. The repair has been completed.' },
  },
  {
    detailed: ['PROCESSED', 'PUBLIC_WORKS_COMPLETED_SCHEDULED_LATER'],
    notes: {
      fi: 'Korjaus tehdään kesän kunnostustöiden yhteydessä.',
      en: 'The repair will be done with the summer maintenance works.',
    },
  },
  {
    detailed: ['PROCESSED', 'PUBLIC_WORKS_COMPLETED_REQUIRES_NO_ACTION'],
    notes: {
      fi: 'Tarkastimme paikan, eikä se vaadi toimenpiteitä.',
      en: 'We inspected the site; no action is needed.',
    },
  },
  {
    detailed: ['REJECTED'],
    notes: {
      fi: 'Samasta asiasta on jo tehty ilmoitus, ja se hoidetaan sen yhteydessä.',
      en: 'This has already been reported; it is handled under the earlier report.',
    },
  },
];
