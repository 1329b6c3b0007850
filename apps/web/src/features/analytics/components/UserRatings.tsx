import { Permission } from '@parley/contracts';
import { Link } from 'react-router';
import { Card, formatDateTime, Spinner } from '../../../ui';
import { useRatings } from '../hooks/use-analytics';
import { ratingLabel } from './rating-labels';

/** Ratings the panel lists at once (spec 02 section 9: feedback pages of 5 show the newest). */
const SHOWN = 5;

interface UserRatingsProps {
  botName: string;
  permissions: readonly number[];
  month: number;
  year: number;
}

/**
 * User Ratings (spec 02 section 2.7): the users' answers to Show Rating blocks this month, the
 * newest first, each with its label, when it was given and a link to its conversation.
 */
export function UserRatings({ botName, permissions, month, year }: UserRatingsProps) {
  const ratings = useRatings(botName, month, year);
  const mayReadLog = permissions.includes(Permission.SeeConversationLog);
  const newest = [...(ratings.data ?? [])].reverse().slice(0, SHOWN);
  const scores = (ratings.data ?? []).flatMap((r) => (r.rating === null ? [] : [r.rating]));
  const average = scores.length > 0 ? scores.reduce((sum, score) => sum + score, 0) / scores.length : null;
  return (
    <Card
      title="User Ratings"
      description={
        average === null ? undefined : `${average.toFixed(1)} of 5.0 from ${scores.length} ratings`
      }
      aria-label="User Ratings"
    >
      {ratings.isPending ? (
        <Spinner label="Loading the ratings" />
      ) : newest.length === 0 ? (
        <p className="analytics__muted">No ratings yet</p>
      ) : (
        <ul className="analytics__ratings">
          {newest.map((rating) => (
            <li key={`${rating.conversationId}-${rating.timestamp}`}>
              <strong>{ratingLabel(rating)}</strong>
              {rating.rating !== null && <span className="analytics__muted"> ({rating.rating})</span>}
              <span className="analytics__muted"> · {formatDateTime(rating.timestamp)}</span>
              {mayReadLog && (
                <>
                  {' · '}
                  <Link
                    to={`/bots/${encodeURIComponent(botName)}/conversation/log/${encodeURIComponent(rating.conversationId)}`}
                  >
                    View Conversation
                  </Link>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
