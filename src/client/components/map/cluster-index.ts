import Supercluster from 'supercluster';

/** A thing to draw on the map: its id, where it is, and whether it counts as "flagged". */
export interface MapPoint {
  id: string;
  lat: number;
  long: number;
  /** Counted in cluster summaries (open requests, counters receiving data). */
  flagged: boolean;
}

export interface Bounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

export type ClusterItem =
  | { kind: 'cluster'; key: string; clusterId: number; lat: number; long: number; count: number; flaggedCount: number }
  | { kind: 'point'; key: string; id: string; lat: number; long: number; flagged: boolean };

interface PointProps {
  id: string;
  flagged: number;
}

interface ClusterProps {
  flagged: number;
}

export interface ClusterIndex {
  readonly size: number;
  /** What to draw in these bounds at this zoom: clusters and single points. */
  itemsIn(bounds: Bounds, zoom: number): ClusterItem[];
  /** The zoom at which a cluster falls apart into smaller ones or points. */
  expansionZoom(clusterId: number): number;
}

export interface ClusterOptions {
  /** Cluster radius in pixels. */
  radius?: number;
  /** Above this zoom, points are never clustered. */
  maxZoom?: number;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const wrapLongitude = (value: number) => (value >= -180 && value <= 180 ? value : ((((value + 180) % 360) + 360) % 360) - 180);

/**
 * Builds a supercluster index once per data set: afterwards each query for a view costs about a
 * millisecond even with tens of thousands of points, so the map redraws only what is in view.
 */
export function createClusterIndex(points: readonly MapPoint[], options: ClusterOptions = {}): ClusterIndex {
  const index = new Supercluster<PointProps, ClusterProps>({
    radius: options.radius ?? 60,
    // Leaflet's tiles are 256 px; supercluster's default (512) would halve the radius on screen.
    extent: 256,
    maxZoom: options.maxZoom ?? 16,
    map: (props) => ({ flagged: props.flagged }),
    reduce: (accumulated, props) => {
      accumulated.flagged += props.flagged;
    },
  });
  index.load(
    points.map((point) => ({
      type: 'Feature' as const,
      geometry: { type: 'Point' as const, coordinates: [point.long, point.lat] },
      properties: { id: point.id, flagged: point.flagged ? 1 : 0 },
    })),
  );

  return {
    size: points.length,
    itemsIn(bounds, zoom) {
      // Leaflet's bounds can run past ±180 after panning round the world; a span of 360° or more
      // is the whole world.
      const whole = bounds.east - bounds.west >= 360;
      const bbox: [number, number, number, number] = [
        whole ? -180 : wrapLongitude(bounds.west),
        clamp(bounds.south, -90, 90),
        whole ? 180 : wrapLongitude(bounds.east),
        clamp(bounds.north, -90, 90),
      ];
      return index.getClusters(bbox, Math.round(zoom)).map((feature): ClusterItem => {
        const [long, lat] = feature.geometry.coordinates as [number, number];
        const props = feature.properties;
        if ('cluster' in props && props.cluster) {
          return {
            kind: 'cluster',
            key: `c${props.cluster_id}`,
            clusterId: props.cluster_id,
            lat,
            long,
            count: props.point_count,
            flaggedCount: props.flagged,
          };
        }
        const point = props as PointProps;
        return { kind: 'point', key: `p${point.id}`, id: point.id, lat, long, flagged: point.flagged === 1 };
      });
    },
    expansionZoom(clusterId) {
      return index.getClusterExpansionZoom(clusterId);
    },
  };
}
