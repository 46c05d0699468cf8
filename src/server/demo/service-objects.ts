import type { ServiceObjectRecord } from '../storage/repositories/types';

export type DemoObjectKind = 'park' | 'playground' | 'public_toilet' | 'sports_field';

type Place = [fi: string, sv: string, en: string, lat: number, long: number, address: string];

/** Real Helsinki places, positions rounded; the registry entries themselves are made up. */
const places: Record<DemoObjectKind, Place[]> = {
  park: [
    ['Kaivopuisto', 'Brunnsparken', 'Kaivopuisto park', 60.1574, 24.956, 'Itäinen Puistotie 1, Helsinki'],
    ['Esplanadin puisto', 'Esplanadparken', 'Esplanade park', 60.1676, 24.9476, 'Pohjoisesplanadi 2, Helsinki'],
    ['Sinebrychoffin puisto', 'Sinebrychoffs park', 'Sinebrychoff park', 60.1606, 24.9333, 'Bulevardi 40, Helsinki'],
    ['Tähtitorninvuori', 'Observatorieberget', 'Observatory Hill park', 60.1617, 24.9545, 'Kasarmikatu 1, Helsinki'],
    ['Alppipuisto', 'Alpparken', 'Alppipuisto park', 60.1883, 24.9432, 'Viipurinkatu 2, Helsinki'],
    ['Tokoinranta', 'Tokoinstranden', 'Tokoinranta park', 60.1792, 24.9434, 'Eläintarhantie 3, Helsinki'],
    ['Sibeliuksen puisto', 'Sibeliusparken', 'Sibelius park', 60.1822, 24.9131, 'Mechelininkatu 38, Helsinki'],
    ['Hesperian puisto', 'Hesperiaparken', 'Hesperia park', 60.1798, 24.9262, 'Mannerheimintie 50, Helsinki'],
    ['Kaisaniemen puisto', 'Kajsaniemiparken', 'Kaisaniemi park', 60.1737, 24.9478, 'Kaisaniementie 2, Helsinki'],
    ['Ruoholahden puisto', 'Gräsviksparken', 'Ruoholahti park', 60.1641, 24.9126, 'Ruoholahdenranta 3, Helsinki'],
    ['Lapinlahden puisto', 'Lappviksparken', 'Lapinlahti park', 60.1681, 24.9116, 'Lapinlahdentie 1, Helsinki'],
    ['Herttoniemen kartanopuisto', 'Hertonäs gårdspark', 'Herttoniemi manor park', 60.2012, 25.0262, 'Linnanrakentajantie 14, Helsinki'],
  ],
  playground: [
    ['Leikkipuisto Lekkeri', 'Lekparken Lekkeri', 'Lekkeri playground', 60.1629, 24.9161, 'Selkämerenkatu 11, Helsinki'],
    ['Leikkipuisto Brahe', 'Lekparken Brahe', 'Brahe playground', 60.1868, 24.9507, 'Helsinginkatu 25, Helsinki'],
    ['Leikkipuisto Väinämöinen', 'Lekparken Väinämöinen', 'Väinämöinen playground', 60.1789, 24.9212, 'Väinämöisenkatu 1, Helsinki'],
    ['Leikkipuisto Vallila', 'Lekparken Vallgård', 'Vallila playground', 60.1951, 24.9541, 'Aleksis Kiven katu 25, Helsinki'],
    ['Leikkipuisto Arabia', 'Lekparken Arabia', 'Arabia playground', 60.2081, 24.9779, 'Arabianranta 2, Helsinki'],
    ['Leikkipuisto Kumpula', 'Lekparken Gumtäkt', 'Kumpula playground', 60.2066, 24.9598, 'Limingantie 4, Helsinki'],
    ['Leikkipuisto Pikku-Huopalahti', 'Lekparken Lillhoplax', 'Pikku-Huopalahti playground', 60.2002, 24.8951, 'Muusantori 1, Helsinki'],
    ['Leikkipuisto Munkkiniemi', 'Lekparken Munksnäs', 'Munkkiniemi playground', 60.1981, 24.8782, 'Munkkiniemen puistotie 10, Helsinki'],
    ['Leikkipuisto Kannelmäki', 'Lekparken Gamlas', 'Kannelmäki playground', 60.2398, 24.8823, 'Kantelettarentie 17, Helsinki'],
    ['Leikkipuisto Siilitie', 'Lekparken Igelkottsvägen', 'Siilitie playground', 60.2051, 25.0419, 'Siilitie 6, Helsinki'],
  ],
  public_toilet: [
    ['Yleinen WC, Kauppatori', 'Offentlig toalett, Salutorget', 'Public toilet, Market Square', 60.1674, 24.9531, 'Kauppatori, Helsinki'],
    ['Yleinen WC, Hakaniemen tori', 'Offentlig toalett, Hagnäs torg', 'Public toilet, Hakaniemi Market Square', 60.1792, 24.9512, 'Hakaniemen tori, Helsinki'],
    ['Yleinen WC, Rautatientori', 'Offentlig toalett, Järnvägstorget', 'Public toilet, Railway Square', 60.1711, 24.9433, 'Rautatientori, Helsinki'],
    ['Yleinen WC, Kaivopuiston ranta', 'Offentlig toalett, Brunnsparksstranden', 'Public toilet, Kaivopuisto shore', 60.1561, 24.9497, 'Merisatamanranta 4, Helsinki'],
    ['Yleinen WC, Töölönlahti', 'Offentlig toalett, Tölöviken', 'Public toilet, Töölönlahti bay', 60.1764, 24.9366, 'Mannerheimintie 13, Helsinki'],
    ['Yleinen WC, Hietaniemen uimaranta', 'Offentlig toalett, Sandvikens badstrand', 'Public toilet, Hietaniemi beach', 60.1721, 24.9036, 'Hietarannantie 5, Helsinki'],
    ['Yleinen WC, Karhupuisto', 'Offentlig toalett, Björnparken', 'Public toilet, Karhupuisto park', 60.1831, 24.9498, 'Fleminginkatu 1, Helsinki'],
    ['Yleinen WC, Mustikkamaan uimaranta', 'Offentlig toalett, Blåbärslandets badstrand', 'Public toilet, Mustikkamaa beach', 60.1818, 24.9949, 'Mustikkamaanpolku 1, Helsinki'],
  ],
  sports_field: [
    ['Brahen kenttä', 'Brahe idrottsplan', 'Brahe sports field', 60.1879, 24.9512, 'Porvoonkatu 2, Helsinki'],
    ['Töölön pallokenttä', 'Tölö bollplan', 'Töölö ball field', 60.1881, 24.9231, 'Urheilukatu 5, Helsinki'],
    ['Kaisaniemen kenttä', 'Kajsaniemi plan', 'Kaisaniemi field', 60.1748, 24.9457, 'Kaisaniemenkatu 5, Helsinki'],
    ['Pirkkolan liikuntapuisto', 'Britas idrottspark', 'Pirkkola sports park', 60.2339, 24.9228, 'Pirkkolan metsätie 6, Helsinki'],
    ['Käpylän urheilupuisto', 'Kottby idrottspark', 'Käpylä sports park', 60.2168, 24.9532, 'Mäkelänkatu 96, Helsinki'],
    ['Herttoniemen urheilupuisto', 'Hertonäs idrottspark', 'Herttoniemi sports park', 60.1958, 25.0351, 'Kettutie 2, Helsinki'],
    ['Oulunkylän urheilupuisto', 'Åggelby idrottspark', 'Oulunkylä sports park', 60.2279, 24.9641, 'Käskynhaltijantie 11, Helsinki'],
    ['Meilahden urheilupuisto', 'Mejlans idrottspark', 'Meilahti sports park', 60.1929, 24.9034, 'Meilahdentie 12, Helsinki'],
    ['Kumpulan pallokenttä', 'Gumtäkts bollplan', 'Kumpula ball field', 60.2092, 24.9648, 'Kumpulantie 1, Helsinki'],
    ['Eläintarhan urheilukenttä', 'Djurgårdens idrottsplan', 'Eläintarha sports ground', 60.1849, 24.9298, 'Nordenskiöldinkatu 3, Helsinki'],
  ],
};

const idStems: Record<DemoObjectKind, string> = {
  park: 'demo-park',
  playground: 'demo-playground',
  public_toilet: 'demo-toilet',
  sports_field: 'demo-sports-field',
};

/** The demo registry: ids like demo-park-1, numbered from 1 within each kind. */
export function demoServiceObjects(serviceObjectType: string): ServiceObjectRecord[] {
  return (Object.keys(places) as DemoObjectKind[]).flatMap((kind) =>
    places[kind].map(([fi, sv, en, lat, long, address], index) => ({
      service_object_type: serviceObjectType,
      service_object_id: `${idStems[kind]}-${index + 1}`,
      kind,
      lat,
      long,
      names: { fi, sv, en },
      address,
    })),
  );
}
