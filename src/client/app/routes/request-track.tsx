import { useParams } from 'react-router';
import { RequestTrack } from '../../features/requests/components/request-track';

/** `/requests/:id`: the public track page of one service request. */
export function RequestTrackRoute() {
  const { id = '' } = useParams();
  // A new id is a new page: no state of the previous request carries over.
  return <RequestTrack key={id} id={id} />;
}
