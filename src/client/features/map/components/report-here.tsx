import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Popup, useMap, useMapEvents } from 'react-leaflet';
import { Link } from 'react-router';
import { useReverseGeocode } from '../../../api/geocoding';
import { formatCoordinates } from '../../../lib/format-coordinates';
import { currentLanguage } from '../../../lib/i18n';
import { reportLinkAt } from '../lib/report-link';
import '../../../styles/report-here.css';

interface Picked {
  lat: number;
  lon: number;
}

/**
 * Click or tap the map (not a marker), or press Enter while the map itself has keyboard focus
 * (its centre, shown by a crosshair, styles/report-here.css): a popup there names the nearest
 * address (the geocoder's reverse answer) and offers "Report a problem here", a link to the
 * report page with that point. The link takes focus so a keyboard or screen
 * reader user lands on it; Escape or Close shuts the popup and focus returns to the map.
 * Goes inside a MapContainer.
 */
export function ReportHere() {
  const [picked, setPicked] = useState<Picked | null>(null);
  const map = useMapEvents({
    click: (clickEvent) => setPicked({ lat: clickEvent.latlng.lat, lon: clickEvent.latlng.lng }),
  });

  useEffect(() => {
    const container = map.getContainer();
    const onKeyDown = (keyEvent: KeyboardEvent) => {
      // Only the map itself: Enter on a marker or in the popup is theirs.
      if (keyEvent.key !== 'Enter' || keyEvent.target !== container) return;
      keyEvent.preventDefault();
      const centre = map.getCenter();
      setPicked({ lat: centre.lat, lon: centre.lng });
    };
    container.addEventListener('keydown', onKeyDown);
    return () => container.removeEventListener('keydown', onKeyDown);
  }, [map]);

  // Room for the popup above the point, clear of the address search and the map's edges.
  useEffect(() => {
    if (picked) map.panInside([picked.lat, picked.lon], { paddingTopLeft: [150, 320], paddingBottomRight: [150, 24] });
  }, [map, picked]);

  if (!picked) return null;
  return (
    <Popup
      // A new point is a new popup: Leaflet then opens it where it belongs.
      key={`${picked.lat},${picked.lon}`}
      position={[picked.lat, picked.lon]}
      closeButton={false}
      // Leaflet's autoPan pans again on every update of the content (react-leaflet updates it on
      // each render), which would pull the map back whenever the page moves it (an address
      // chosen): the map pans once, as the point is picked (below).
      autoPan={false}
      className="report-here-popup"
      eventHandlers={{
        remove: () => {
          // The popup of an earlier point, replaced by a new one, must not close the new one.
          setPicked((current) => (current === picked ? null : current));
          // Closed by Escape from inside it: focus would drop to the page's body.
          if (document.activeElement === document.body) map.getContainer().focus({ preventScroll: true });
        },
      }}
    >
      <ReportHereContent picked={picked} onClose={() => map.closePopup()} />
    </Popup>
  );
}

function ReportHereContent({ picked, onClose }: { picked: Picked; onClose: () => void }) {
  const { t, i18n } = useTranslation('map-pick');
  const lang = currentLanguage(i18n);
  const map = useMap();
  const placeId = useId();
  // The nearest address, once the geocoder answers; the coordinates until then, or if none is near.
  const nearest = useReverseGeocode({ lat: picked.lat, lon: picked.lon, lang });
  const link = useRef<HTMLAnchorElement>(null);
  useEffect(() => link.current?.focus({ preventScroll: true }), []);
  const close = () => {
    onClose();
    map.getContainer().focus({ preventScroll: true });
  };
  return (
    // Leaflet's own Escape works only while the map itself has focus; here focus is inside.
    <div
      className="report-here"
      role="group"
      aria-label={t('label')}
      onKeyDown={(keyEvent) => {
        if (keyEvent.key !== 'Escape') return;
        keyEvent.preventDefault();
        close();
      }}
    >
      <p className="report-here__place" id={placeId}>
        {nearest.data
          ? t('near', { address: nearest.data.label })
          : t('at', { coordinates: formatCoordinates(picked.lat, picked.lon, lang) })}
      </p>
      <Link
        ref={link}
        to={reportLinkAt(picked.lat, picked.lon)}
        className="button button--primary report-here__link"
        aria-describedby={placeId}
      >
        {t('reportHere')}
      </Link>
      <button
        type="button"
        className="report-here__close"
        onClick={close}
      >
        {t('close')}
      </button>
    </div>
  );
}
