// The mails to a band about its submission, in the language its form was filled in, and to the
// admins when one joins the moderation queue, in each admin's. Subjects never carry what the
// submitter wrote, and the confirmation mail carries nothing of it at all: until the address is
// confirmed, its owner may not be the person who filled in the form.
import { concertDay } from '../../common/concerts/display.js';
import { savedLocale, type Locale } from '../../common/i18n/locales.js';
import type { OutgoingMail } from '../mail/mailer.js';
import { mailIn } from '../mail/templates.js';

export const CONFIRMATION_HOURS = 48;

export const submissionConfirmationMail = (
  to: string,
  confirmUrl: string,
  locale: Locale,
): OutgoingMail =>
  mailIn(to, locale, (t) => ({
    subject: t('submission.confirm.title'),
    title: t('submission.confirm.title'),
    lines: [
      t('submission.confirm.who'),
      t('submission.confirm.ifYou', { hours: CONFIRMATION_HOURS }),
      t('submission.confirm.ifNot'),
    ],
    action: { label: t('submission.confirm.action'), url: confirmUrl },
  }));

/** What a review mail says about the submission, and in which language (the form's). */
interface Reviewed {
  bandName: string;
  day: string;
  locale: string | null;
}

export function submissionApprovedMail(
  to: string,
  { bandName, day, locale }: Reviewed,
  concertUrl: string,
): OutgoingMail {
  const language = savedLocale(locale);
  return mailIn(to, language, (t) => ({
    subject: t('submission.approved.subject'),
    title: t('submission.approved.title'),
    lines: [
      t('submission.approved.published', { band: bandName, day: concertDay(language, day) }),
      t('submission.approved.agenda'),
      t('submission.approved.fix'),
    ],
    action: { label: t('submission.approved.action'), url: concertUrl },
  }));
}

export function submissionRejectedMail(
  to: string,
  { bandName, day, locale }: Reviewed,
  reason: string,
): OutgoingMail {
  const language = savedLocale(locale);
  return mailIn(to, language, (t) => ({
    subject: t('submission.rejected.title'),
    title: t('submission.rejected.title'),
    lines: [
      t('submission.rejected.reviewed', { band: bandName, day: concertDay(language, day) }),
      t('submission.rejected.reason', { reason }),
      t('submission.rejected.again'),
    ],
  }));
}

/** What the admins' mail says about a submission just confirmed (plain text, escaped by the template). */
interface ToReview {
  bandName: string;
  day: string;
  venueName: string;
}

export function submissionToReviewMail(
  admin: { email: string; locale: string | null },
  { bandName, day, venueName }: ToReview,
  reviewUrl: string,
): OutgoingMail {
  const locale = savedLocale(admin.locale);
  return mailIn(admin.email, locale, (t) => ({
    subject: t('submission.toReview.title'),
    title: t('submission.toReview.title'),
    lines: [
      t('submission.toReview.who'),
      t('submission.toReview.what', {
        band: bandName,
        day: concertDay(locale, day),
        venue: venueName,
      }),
      t('submission.toReview.until'),
    ],
    action: { label: t('submission.toReview.action'), url: reviewUrl },
  }));
}
