import type { SubmissionStatus } from '../../common/submissions/limits.js';
import type { SubmissionDto } from '../../common/submissions/types.js';
import type { SubmissionRow } from './submissions.repository.js';

export const toSubmissionDto = (row: SubmissionRow): SubmissionDto => ({
  id: row.id,
  // The table's CHECK allows only these.
  status: row.status as SubmissionStatus,
  bandName: row.band_name,
  email: row.contact_email,
  spotifyUrl: row.spotify_url,
  genre: row.genre,
  day: row.day,
  hour: row.hour,
  venueId: row.venue_id,
  venueName: row.venue_name,
  venueTown: row.venue_town,
  price: row.price,
  ticketUrl: row.ticket_url,
  description: row.description,
  imageUrl: row.image_url,
  emailConfirmed: row.confirmed_at !== null,
  reason: row.reason,
  concertId: row.concert_id,
  createdAt: row.created_at.toISOString(),
  reviewedAt: row.reviewed_at ? row.reviewed_at.toISOString() : null,
});
