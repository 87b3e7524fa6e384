/** Assessments of creators by clients: the server's types (lib/api, generated). */
import type { Body, View } from '@/lib/api/wire';

export type AssessmentState = View<'AssessmentState'>;
export type AssessmentAnswer = Body<'AssessmentAnswer'>;
/** `targetMonth`: the first day of the month (yyyy-mm-01). */
export type Assessment = View<'AssessmentView'>;
export type AssessmentList = View<'AssessmentList'>;
