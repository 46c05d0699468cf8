import type { BodyArea } from './bodies';

/**
 * "Not ours" places (issue 42, item 3): where someone else maintains what a resident would report
 * (a state road, a private yard, a railway). The marking (name, whom to contact, the types still
 * taken) is kept apart from the area so an asset layer can later carry the same marking.
 */

export interface NotOursMarking {
  name: string;
  /** Whom to contact instead, in each language the app speaks. */
  messages: { fi: string; sv: string; en: string };
  /** The contact's web page, if any. */
  url: string | null;
  /** The service codes still reported here (empty: none). */
  allowedServiceCodes: string[];
}

export interface NotOursArea extends NotOursMarking {
  id: string;
  area: BodyArea;
}

export interface NotOursRepository {
  /** Every area, by id. */
  list(): Promise<NotOursArea[]>;
  /** The most specific (smallest) area covering the point, if any. */
  at(lat: number, long: number): Promise<NotOursArea | undefined>;
  /** Replaces every stored area with these, in one transaction (an empty list removes them all). */
  replaceAll(areas: readonly NotOursArea[]): Promise<void>;
}
