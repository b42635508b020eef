import 'leaflet/dist/leaflet.css';
import { divIcon } from 'leaflet';
import { MapContainer, Marker, TileLayer } from 'react-leaflet';
import { COMPANY_NAME, SHOP_LOCATION } from '#domain/company.ts';

const ZOOM = 15;

// A drawn pin: Leaflet's default marker images do not survive bundling.
const PIN = divIcon({
  className: '',
  html: '<svg width="28" height="40" viewBox="0 0 28 40" aria-hidden="true"><path d="M14 0C6.3 0 0 6.2 0 13.9 0 24.3 14 40 14 40s14-15.7 14-26.1C28 6.2 21.7 0 14 0z" fill="#8a6a43"/><circle cx="14" cy="14" r="5.5" fill="#fff"/></svg>',
  iconSize: [28, 40],
  iconAnchor: [14, 40],
});

/** The interactive map: tiles from the configured source, a marker on the showroom. */
export default function LeafletMap({ tileUrl }: { tileUrl: string }) {
  const position: [number, number] = [SHOP_LOCATION.lat, SHOP_LOCATION.lng];
  return (
    <MapContainer center={position} zoom={ZOOM} scrollWheelZoom={false} className="size-full">
      <TileLayer url={tileUrl} attribution="Map data © OpenStreetMap contributors" />
      <Marker
        position={position}
        icon={PIN}
        title={`${COMPANY_NAME} showroom`}
        alt={`${COMPANY_NAME} showroom`}
      />
    </MapContainer>
  );
}
