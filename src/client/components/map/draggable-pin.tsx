import { Marker } from 'react-leaflet';
import { pinIcon } from './map-pin-icon';

type Point = { lat: number; long: number };

/**
 * A report's pin that the pointer drags: on the report form's map and the console's. Not
 * focusable: each map gives the keyboard its own way (Enter at the crosshair, or the arrow keys on
 * the focused map), and a focusable pin would be one more Tab stop.
 */
export function DraggablePin({ at, alt, onDrop, zIndexOffset = 0 }: { at: Point; alt: string; onDrop: (point: Point) => void; zIndexOffset?: number }) {
  return (
    <Marker
      position={[at.lat, at.long]}
      icon={pinIcon}
      draggable
      keyboard={false}
      zIndexOffset={zIndexOffset}
      alt={alt}
      eventHandlers={{
        dragend: (event) => {
          const { lat, lng } = event.target.getLatLng();
          onDrop({ lat, long: lng });
        },
      }}
    />
  );
}
