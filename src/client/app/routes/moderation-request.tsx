import { useParams } from 'react-router';
import { ReviewPage } from '../../features/moderation/components/review-page';

/** `/moderation/requests/:id`: review one request. */
export function ModerationRequestRoute() {
  const { id = '' } = useParams();
  // A new id is a new page: no form state of the previous request carries over.
  return <ReviewPage key={id} id={id} />;
}
