// Visits (issue 20): what other features import.
export { ScheduleVisitDialog } from './schedule-visit-dialog';
export { PropertyVisits } from './property-visits';
export { ClientVisits } from './client-visits';
export { VisitFeedbackDialog } from './visit-feedback-dialog';
export { VisitFeedbackFields } from './visit-feedback-fields';
export { VisitPropertyLink } from './visit-property-link';
