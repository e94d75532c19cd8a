/**
 * Customers by country: fictitious companies with addresses written the way their country writes them.
 * Issuers are written next to their layouts; these are the parties they bill or order from.
 */
import type { Party } from './types';

const p = (name: string, ...address: string[]): Party => ({ name, address });

export const CUSTOMERS = {
  US: [
    p('Redwood Valley Credit Union', '880 Mission Street', 'San Francisco, CA 94103'),
    p('Tallgrass Veterinary Group, PLLC', '4120 N Broadway', 'Wichita, KS 67219'),
    p('Meridian Freight Partners LLC', '77 Harbor Drive, Suite 12', 'Charleston, SC 29401'),
    p('Oakhurst School District 14', '1500 Elm Avenue', 'Madison, WI 53703'),
    p('Brightwater Dental Studio', '235 Lake Street', 'Burlington, VT 05401'),
    p('Copperline Mechanical Inc.', '9 Industrial Park Road', 'Butte, MT 59701'),
  ],
  GB: [
    p('Hollins & Pryce Solicitors LLP', '14 Castle Street', 'Shrewsbury SY1 2BQ'),
    p('Northgate Property Services Ltd', 'Unit 7, Kingsway Business Park', 'Rochdale OL16 4NW'),
    p('The Aldbury Trust', 'Stocks Road', 'Tring HP23 5RX'),
    p('Marsh Lane Brewery Ltd', '2 Marsh Lane', 'Bristol BS3 1HR'),
    p('Penrose Dental Care', '61 Lemon Street', 'Truro TR1 2PE'),
  ],
  IE: [
    p('Shannonside Veterinary Ltd', 'Dock Road', 'Limerick V94 X2R6'),
    p('Harbour View Hotel Kinsale', 'Pier Road', 'Kinsale, Co. Cork P17 TX96'),
    p('Quill & Tally Accountants', '23 Fitzwilliam Square', 'Dublin 2 D02 Y447'),
    p('Ballina Community Crèche CLG', 'Teeling Street', 'Ballina, Co. Mayo F26 K2V8'),
  ],
  AU: [
    p('Riverbend Medical Centre', '42 Bridge Street', 'Wagga Wagga NSW 2650'),
    p('Coastal Living Realty Pty Ltd', 'Shop 3, 18 Marine Parade', 'Coolangatta QLD 4225'),
    p('Banksia Primary School P&C', '7 Wattle Grove', 'Ballarat VIC 3350'),
    p('Kookaburra Brewing Co', '115 Hay Street', 'Subiaco WA 6008'),
  ],
  INTL: [
    p('Ostsee Reederei GmbH', 'Am Hafen 3', '18055 Rostock', 'Germany'),
    p('Vlieland Offshore B.V.', 'Havenweg 22', '1785 PB Den Helder', 'Netherlands'),
    p('Skagerrak Seafood ApS', 'Havnevej 14', '9850 Hirtshals', 'Denmark'),
    p('Clyde Marine Services Ltd', '5 Dock Street', 'Greenock PA15 1AL', 'United Kingdom'),
    p('Baltica Engineering UAB', 'Naujoji uosto g. 8', '92118 Klaipėda', 'Lithuania'),
  ],
  DE: [
    p('Stadtwerke Ilmenau GmbH', 'Am Großen Teich 5', '98693 Ilmenau'),
    p('Praxis Dr. med. Anna Lorenz', 'Bahnhofstraße 31', '35037 Marburg'),
    p('Hansen Logistik GmbH & Co. KG', 'Wiesenweg 12', '24114 Kiel'),
    p('Gemeindeverwaltung Oberkirch', 'Rathausplatz 1', '77704 Oberkirch'),
    p('Kaffeerösterei Bohnenglück UG', 'Schillerstraße 9', '04109 Leipzig'),
    p('Autohaus Vogt e.K.', 'Industriestraße 44', '66111 Saarbrücken'),
  ],
  AT: [
    p('Gasthof Zur Linde GmbH', 'Dorfstraße 12', '6370 Kitzbühel'),
    p('Ordination Dr. Berger', 'Herrengasse 7', '8010 Graz'),
    p('Wohnbau Salzach eGen', 'Ignaz-Harrer-Straße 40', '5020 Salzburg'),
    p('Tischlerei Moser KG', 'Gewerbepark 3', '4600 Wels'),
  ],
  CH: [
    p('Gemeinde Küsnacht', 'Obere Dorfstrasse 32', '8700 Küsnacht'),
    p('Bergbahnen Flumserberg AG', 'Tannenbodenstrasse 1', '8898 Flumserberg'),
    p('Praxis am Rhein GmbH', 'Rheingasse 15', '4058 Basel'),
    p('Confiserie Sutter AG', 'Marktgasse 28', '3011 Bern'),
  ],
  FR: [
    p('Mairie de Villeurbanne', 'Place Lazare-Goujon', '69100 Villeurbanne'),
    p('Cabinet Durand & Associés', '8, boulevard Gambetta', '38000 Grenoble'),
    p('Hôtel Les Mouettes SARL', '27, quai de la Fosse', '44000 Nantes'),
    p('Clinique Saint-Roch', '560, avenue du Colonel Pavelet', '34000 Montpellier'),
    p('Boulangerie Lefèvre', '3, rue de la République', '13001 Marseille'),
  ],
  ES: [
    p('Ayuntamiento de Alzira', 'Plaza Mayor, 1', '46600 Alzira (Valencia)'),
    p('Clínica Dental Sonrisas, S.L.', 'Avda. de la Constitución, 18', '41001 Sevilla'),
    p('Hostal Marina Alta', 'Calle del Mar, 5', '03730 Jávea (Alicante)'),
    p('Construcciones Ebro, S.A.', 'Polígono Malpica, calle E, nave 7', '50016 Zaragoza'),
  ],
  IT: [
    p('Comune di Lecco', 'Piazza Diaz, 1', '23900 Lecco (LC)'),
    p('Hotel Bellavista S.r.l.', 'Lungolago Mazzini, 44', '22100 Como (CO)'),
    p('Ferramenta Colombo & Figli S.n.c.', 'Via Roma, 102', '24121 Bergamo (BG)'),
    p('Studio Dentistico Marchetti', 'Corso Italia, 9', '56125 Pisa (PI)'),
  ],
  NL: [
    p('Gemeente Zandvoort', 'Swaluëstraat 2', '2042 KA Zandvoort'),
    p('Bakkerij Van der Meer', 'Kerkstraat 14', '3811 CV Amersfoort'),
    p('Tandartspraktijk De Linde', 'Lindelaan 3', '5611 AB Eindhoven'),
    p('Hotel De Gouden Leeuw B.V.', 'Grote Markt 9', '9711 LV Groningen'),
  ],
  PT: [
    p('Câmara Municipal de Ílhavo', 'Avenida 25 de Abril', '3830-044 Ílhavo'),
    p('Hotel Ria Formosa, Lda', 'Rua do Comércio, 12', '8700-311 Olhão'),
    p('Restaurante O Pescador', 'Largo da Ribeira, 4', '4050-513 Porto'),
    p('Clínica São João, S.A.', 'Rua Dr. Manuel Laranjeira, 88', '4200-376 Porto'),
  ],
} satisfies Record<string, Party[]>;
