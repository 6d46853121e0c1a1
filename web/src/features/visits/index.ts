// Visits (issue 20): the components other features place (listed in SHARED, eslint.config.js).
export { ScheduleVisitDialog } from './schedule-visit-dialog';
export { PropertyVisits } from './property-visits';
export { ClientVisits } from './client-visits';
export { VisitFeedbackDialog } from './visit-feedback-dialog';
