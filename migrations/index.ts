// Every migration, in order. Add new ones at the end; never edit or reorder released ones.
import * as initialSchema from './0001_initial_schema.js';
import * as changeNotifications from './0002_change_notifications.js';
import * as emailVerification from './0003_email_verification.js';
import * as managedVenues from './0004_managed_venues.js';
import * as calendarFeeds from './0020_calendar_feeds.js';
import * as adminManagement from './0030_admin_management.js';
import * as bandSubmissions from './0040_band_submissions.js';
import * as likeNotices from './0060_like_notices.js';
import * as pendingDeliveriesInOrder from './0070_pending_deliveries_in_order.js';
import * as durableChangeNotices from './0085_durable_change_notices.js';
import * as feedbackAt from './0090_feedback_at.js';
import * as submissionConfirmation from './0100_submission_confirmation.js';
import * as goingAndReminders from './0110_going_and_reminders.js';
import * as artistAlerts from './0120_artist_alerts.js';
import * as adminRuns from './0130_admin_runs.js';
import * as userLocale from './0140_user_locale.js';
import * as catalanDescriptions from './0150_catalan_descriptions.js';
import * as submissionLocale from './0160_submission_locale.js';
import * as learnedTastes from './0170_learned_tastes.js';
import * as importSources from './0180_import_sources.js';
import * as submissionNetworks from './0200_submission_networks.js';
import * as federation from './0210_federation.js';

export const migrations = {
  '0001_initial_schema': initialSchema,
  '0002_change_notifications': changeNotifications,
  '0003_email_verification': emailVerification,
  '0004_managed_venues': managedVenues,
  '0020_calendar_feeds': calendarFeeds,
  '0030_admin_management': adminManagement,
  '0040_band_submissions': bandSubmissions,
  '0060_like_notices': likeNotices,
  '0070_pending_deliveries_in_order': pendingDeliveriesInOrder,
  '0085_durable_change_notices': durableChangeNotices,
  '0090_feedback_at': feedbackAt,
  '0100_submission_confirmation': submissionConfirmation,
  '0110_going_and_reminders': goingAndReminders,
  '0120_artist_alerts': artistAlerts,
  '0130_admin_runs': adminRuns,
  '0140_user_locale': userLocale,
  '0150_catalan_descriptions': catalanDescriptions,
  '0160_submission_locale': submissionLocale,
  '0170_learned_tastes': learnedTastes,
  '0180_import_sources': importSources,
  '0200_submission_networks': submissionNetworks,
  '0210_federation': federation,
};
