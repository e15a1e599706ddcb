import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { MapContainer, Marker, TileLayer, Tooltip } from 'react-leaflet';
import markerIcon from 'leaflet/dist/images/marker-icon.png';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png';
import markerShadow from 'leaflet/dist/images/marker-shadow.png';

/** Leaflet's default pin, with its images bundled by Vite (Leaflet guesses their path from its CSS otherwise). */
const pin = L.icon({
  iconUrl: markerIcon,
  iconRetinaUrl: markerIcon2x,
  shadowUrl: markerShadow,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  tooltipAnchor: [12, -28],
  shadowSize: [41, 41],
});

export interface LeafletMapProps {
  center: [number, number];
  zoom: number;
  tileUrl: string;
  attribution: string;
  /** The marker's position and text; none when the address could not be placed. */
  marker?: { position: [number, number]; label: string } | null;
  height: number;
}

/** The map itself (Leaflet and its CSS live only in this lazily loaded chunk). */
export default function LeafletMap({ center, zoom, tileUrl, attribution, marker, height }: LeafletMapProps) {
  return (
    <MapContainer center={center} zoom={zoom} style={{ height, width: '100%' }} scrollWheelZoom>
      <TileLayer url={tileUrl} attribution={attribution} maxZoom={19} />
      {marker ? (
        <Marker position={marker.position} icon={pin} alt={marker.label} title={marker.label}>
          <Tooltip>{marker.label}</Tooltip>
        </Marker>
      ) : null}
    </MapContainer>
  );
}
