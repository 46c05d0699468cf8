/**
 * Which body a report at a point and of a type goes to, as the server will assign it
 * (shared/bodies/wire.ts): named before a resident sends it or a moderator moves it, its types
 * offered, a point outside every area said plainly. Anything unknown (no bodies configured, no
 * point yet, the answer not here, offline) blocks nothing: the form behaves as with one
 * jurisdiction and the server answers when the report is sent.
 */
import { useBodies, useBodiesAt } from '../api/get-bodies';
import { handlingBody } from '@/shared/bodies/wire';
import type { BodyWire } from '@/shared/bodies/wire';

export type PlaceBody =
  | { kind: 'unknown' }
  | { kind: 'outside' }
  | {
      kind: 'covered';
      /** The body the report goes to: the one handling the chosen type, else (no type yet, or one not handled) the most specific here. */
      body: BodyWire;
      /** The service codes some body here handles: the only ones the form offers. */
      offered: ReadonlySet<string>;
      /** A type is chosen and no body here handles it. */
      typeNotHandled: boolean;
    };

export function usePlaceBody(position: { lat: number; long: number } | undefined, serviceCode: string): PlaceBody {
  const all = useBodies();
  const configured = all.data !== undefined && all.data.length > 0;
  const here = useBodiesAt(configured ? position : undefined);
  if (!configured || !here.data) return { kind: 'unknown' };
  const [mostSpecific] = here.data;
  if (!mostSpecific) return { kind: 'outside' };
  const handling = serviceCode ? handlingBody(here.data, serviceCode) : undefined;
  return {
    kind: 'covered',
    body: handling ?? mostSpecific,
    offered: new Set(here.data.flatMap((body) => body.services)),
    typeNotHandled: serviceCode !== '' && handling === undefined,
  };
}
