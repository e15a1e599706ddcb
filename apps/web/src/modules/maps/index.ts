export { MapDialog, mapTexts, coordinatesQuery, type MapAddress } from './MapDialog';
