import { useId, useState } from 'react';
import {
  SUBMISSION_NAME_MAX,
  SUBMISSION_TEXT_MAX,
  SUBMISSION_TOWN_MAX,
  SUBMISSION_URL_MAX,
} from '@common/submissions/limits';
import type { SubmissionDto } from '@common/submissions/types';
import { StatusRegion, type StatusMessage } from '@/components/FormStatus';
import { TextAreaField } from '@/components/TextAreaField';
import { TextField } from '@/components/TextField';
import { ConcertFieldset } from '@/components/concert-fields/ConcertFieldset';
import { useConcertDraft } from '@/components/concert-fields/useConcertDraft';
import { mapChecked } from '@/lib/parseDraft';
import {
  approveSubmission,
  markSubmissionAsSpam,
  rejectSubmission,
  saveSubmission,
  type SubmissionEdit,
} from '@/features/submissions/queries';
import { useAdminFormats } from '../shared/format';
import { useAdminText } from '../shared/texts';
import { latestMessage, useAdminMutation } from '../shared/useAdminMutation';
import { useVenues } from '../shared/queries';
import { checkReview, type ReviewText } from '../shared/validation';
import { ImageField } from './ImageField';

const draftOf = (submission: SubmissionDto): ReviewText => ({
  bandName: submission.bandName,
  email: submission.email,
  spotifyUrl: submission.spotifyUrl ?? '',
  genre: submission.genre,
  day: submission.day,
  hour: submission.hour,
  venue: submission.venueName,
  venueTown: submission.venueTown ?? '',
  price: submission.price,
  ticketUrl: submission.ticketUrl ?? '',
  description: submission.description ?? '',
  imageUrl: submission.imageUrl ?? '',
});

const LIMITS = {
  venue: SUBMISSION_NAME_MAX,
  venueTown: SUBMISSION_TOWN_MAX,
  description: SUBMISSION_TEXT_MAX,
};

/** One pending submission: correct its fields, then approve it or reject it with a reason. */
export function SubmissionReview({
  submission,
  onReviewed,
}: {
  submission: SubmissionDto;
  onReviewed: (message: StatusMessage) => void;
}) {
  const t = useAdminText();
  const formats = useAdminFormats();
  const id = useId();
  // Every field is sent (the server replaces them all); the venue of the list by its id.
  const draft = useConcertDraft(
    id,
    () => draftOf(submission),
    useVenues(),
    (fields, venue) =>
      mapChecked(checkReview(fields, venue.known), (edit) => ({
        ...edit,
        venueName: edit.venueName ?? '',
      })),
  );
  const { bind, venue } = draft;
  const [reason, setReason] = useState('');

  const save = useAdminMutation({
    mutationFn: (edit: SubmissionEdit) => saveSubmission(submission.id, edit),
    failure: t('admin.saveFailed'),
    success: t('admin.changesSaved'),
  });
  // The reviewed submission leaves the queue: its outcome is told by the section.
  const review = useAdminMutation({
    mutationFn: (decision: 'approve' | 'reject' | 'spam') =>
      decision === 'approve'
        ? approveSubmission(submission.id)
        : decision === 'reject'
          ? rejectSubmission(submission.id, reason.trim())
          : markSubmissionAsSpam(submission.id),
    failure: t('admin.review.reviewFailed'),
    onSuccess: (answer) =>
      onReviewed({ kind: answer.mail === 'failed' ? 'error' : 'success', text: answer.message }),
  });
  const busy = save.pending || review.pending;

  return (
    <article className="admin-submission" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>
        {t('admin.review.heading', {
          band: submission.bandName,
          day: submission.day,
          hour: submission.hour,
        })}
      </h3>
      <p className="admin-hint">
        {t('admin.review.sent', {
          moment: formats.local(submission.createdAt),
          email: submission.email,
        })}
      </p>
      {!submission.emailConfirmed && <p className="admin-hint">{t('admin.review.unconfirmed')}</p>}
      <form noValidate className="admin-form" onSubmit={save.submit(draft.check)}>
        <ConcertFieldset
          draft={draft}
          limits={LIMITS}
          lead={
            <>
              <TextField
                {...bind('bandName')}
                label={t('admin.review.band')}
                maxLength={SUBMISSION_NAME_MAX}
              />
              <TextField {...bind('email')} label={t('admin.review.email')} type="email" />
              <TextField
                {...bind('spotifyUrl')}
                label={t('admin.review.spotify')}
                type="url"
                maxLength={SUBMISSION_URL_MAX}
              />
            </>
          }
          priceLabel={t('admin.review.price')}
          venueLabel={
            venue.known
              ? t('admin.review.knownVenue', {
                  town: venue.known.town ?? t('admin.review.noTown'),
                })
              : t('admin.review.newVenue')
          }
          descriptionLabel={t('admin.review.text')}
          image={<ImageField {...bind('imageUrl')} />}
        />
        <div className="admin-buttons">
          <button type="submit" className="button button--secondary" disabled={busy}>
            {t('admin.saveChanges')}
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={() => review.run('approve')}
          >
            {t('admin.review.approve')}
          </button>
        </div>
      </form>
      <form
        className="admin-form"
        onSubmit={(event) => {
          event.preventDefault();
          review.run('reject');
        }}
      >
        <TextAreaField
          id={`${id}-reason`}
          label={t('admin.review.rejectReason')}
          rows={2}
          required
          value={reason}
          onValueChange={setReason}
        />
        <div className="admin-buttons">
          <button type="submit" className="button button--danger" disabled={busy}>
            {t('admin.review.reject')}
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() => review.run('spam')}
          >
            {t('admin.review.spam')}
          </button>
        </div>
      </form>
      <StatusRegion message={latestMessage(save, review)} />
    </article>
  );
}
